#!/bin/sh
# Measures the backends of every list the dispatcher orders by speed (sha256d64, the SHA-256 and
# RIPEMD-160 lanes, scrypt, ChaCha20's one-block calls, and Keccak's single stream) and prints the tuning table's entries
# for this CPU (src/crypto/dispatch.c, tunings[]), fastest first, with each row's min time in
# microseconds over RUNS interleaved runs (default 3) and its spread. Run it on a quiet machine
# and read it before pasting: backends within a few percent are a tie, which the list's own
# order should settle.
#   contrib/devtools/tuning.sh ./bench_coincrypto [cpu-name]
BENCH=${1:?usage: tuning.sh path/to/bench_coincrypto [cpu-name]}
CPU=${2:-this-cpu}
RUNS=${RUNS:-3}
rows='^(SHA256D64_1024|HASH256_MANY_BLOCK|HASH160_33b_MANY_4096|SCRYPT_1024_1_1_256_BATCH16|CHACHA20_64BYTES|SHA3_256_1M)_'
i=0
while [ "$i" -lt "$RUNS" ]; do
  COINCRYPTO_TUNING=timed "$BENCH" -filter="$rows" | grep -v '^#' || exit 1
  i=$((i + 1))
done | awk -F, -v cpu="$CPU" '
  BEGIN {
    list["SHA256D64_1024"] = "sha256d64"; list["HASH256_MANY_BLOCK"] = "sha256 lanes"
    list["HASH160_33b_MANY_4096"] = "ripemd160 lanes"; list["SCRYPT_1024_1_1_256_BATCH16"] = "scrypt"
    list["CHACHA20_64BYTES"] = "chacha20"; list["SHA3_256_1M"] = "keccak"
  }
  {
    for (p in list) if (index($1, p "_") == 1) break
    rest = substr($1, length(p) + 2)
    if (p == "SHA3_256_1M") { name = rest; width = 1 }
    else { n = split(rest, part, "_"); width = part[n]; sub(/way$/, "", width); name = substr(rest, 1, length(rest) - length(part[n]) - 1) }
    key = p SUBSEP name "/" width
    if (!(key in lo) || $3 < lo[key]) lo[key] = $3
    if (!(key in hi) || $3 > hi[key]) hi[key] = $3
  }
  END {
    for (p in list) {
      n = 0
      for (key in lo) { split(key, k, SUBSEP); if (k[1] == p) b[++n] = k[2] }
      for (x = 2; x <= n; x++) for (y = x; y > 1 && lo[p SUBSEP b[y]] < lo[p SUBSEP b[y - 1]]; y--) { t = b[y]; b[y] = b[y - 1]; b[y - 1] = t }
      order = ""; times = ""
      for (x = 1; x <= n; x++) {
        order = order (x > 1 ? " " : "") b[x]
        times = times sprintf("%s%s %.4g-%.4g", x > 1 ? ", " : "", b[x], lo[p SUBSEP b[x]] * 1e6, hi[p SUBSEP b[x]] * 1e6)
      }
      printf "    /* %s: %s */\n    {\"%s\", \"%s\", \"%s\"},\n", p, times, cpu, list[p], order
    }
  }'
