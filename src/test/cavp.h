// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#ifndef COINCRYPTO_TEST_CAVP_H
#define COINCRYPTO_TEST_CAVP_H

// Test vectors as data files: NIST CAVP .rsp files and the files in the same "Name = value"
// format (RFC 4231, RIPEMD-160, and the generated ones in src/test/data).
//
//   # comment            ignored (also "#" after nothing but blanks)
//   [L = 32]             a section header: applies to the records that follow
//   Len = 8              one field of the current record
//   Msg = 36
//                        a blank line ends the record

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace coin_test {

using Bytes = std::vector<unsigned char>;

struct Record {
    std::string file;
    int line = 0;                // of the first field, for messages
    std::string section;         // the last "[...]" header, without brackets
    std::vector<std::pair<std::string, std::string>> fields;

    bool has(const std::string& name) const;
    const std::string& get(const std::string& name) const; // BOOST_REQUIREs the field
    Bytes bytes(const std::string& name) const;            // the field, hex-decoded
    std::vector<uint32_t> words(const std::string& name) const; // blank-separated hex words
    // The message: Msg truncated to Len bits when Len is present (CAVP writes the empty
    // message as "Len = 0 / Msg = 00"), repeated Repeat times when Repeat is present.
    Bytes message() const;
    std::string where() const;   // "file:line" for failure messages
};

// The data directory: $COINCRYPTO_TEST_DATA if set, else COIN_TEST_DATA_DIR.
std::string data_dir();
// The contents of a file in the data directory; a missing or empty file fails the test.
std::string read_data_file(const std::string& name);
// Every record of a data file (at least one, or the test fails).
std::vector<Record> load_vectors(const std::string& name);
// The records of one section of a data file (at least one, or the test fails).
std::vector<Record> load_section(const std::string& name, const std::string& section);
// The records whose field `name` is `value` (at least one, or the test fails).
std::vector<Record> select(const std::vector<Record>& records, const std::string& name, const std::string& value);
std::vector<Record> parse_vectors(const std::string& text, const std::string& file);

Bytes from_hex(const std::string& hex); // BOOST_REQUIREs valid hex
std::string to_hex(const unsigned char* p, size_t len);
inline std::string to_hex(const Bytes& b) { return to_hex(b.data(), b.size()); }
inline Bytes to_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

// A deterministic pseudo-random message, so that failures reproduce.
Bytes random_bytes(size_t len, uint32_t seed);

// ---- Checks passed under an earlier CPU model.
// CI runs one test binary under several emulated CPU models in turn (ci/run.sh's GUARDS, the
// richest first), with $COINCRYPTO_TEST_VERIFIED naming a file. A backend's checks in a test
// case give the same answer under every model that runs it (the same code on the same input),
// so each that passed is recorded there, and a later run skips it and says so: every backend
// is checked under the first model that has it, and each model still proves its own selection,
// self-tests and the checks that are not per backend. Without the variable nothing is skipped.

// The key of the running test case's next loop over `what`'s backends: the test case, `what`,
// and how many loops over `what` the test case ran before.
std::string backend_loop_key(const std::string& what);
// Runs check() for backend `name` of that loop, unless it passed under an earlier CPU model
// (then a message says so); records it when it passes.
void run_unless_checked_earlier(const std::string& loop, const std::string& what, const std::string& name,
                                const std::function<void()>& check);
// The same for a check of code that has no backends (nothing in it depends on the CPU's
// features), as its one backend, "portable".
inline void on_portable_code(const std::string& what, const std::function<void()>& check)
{
    run_unless_checked_earlier(backend_loop_key(what), what, "portable", check);
}

} // namespace coin_test

#endif
