// Copyright (c) 2026 The coincrypto developers
// Distributed under the MIT software license, see the accompanying file COPYING.
#include "cavp.h"

#include <boost/test/results_collector.hpp>
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#ifndef COIN_TEST_DATA_DIR
#error "COIN_TEST_DATA_DIR must name the directory of the test vectors"
#endif

namespace coin_test {

namespace {

std::string trim(const std::string& s)
{
    const char* blanks = " \t\r\n";
    size_t b = s.find_first_not_of(blanks);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(blanks) - b + 1);
}

int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

} // namespace

bool Record::has(const std::string& name) const
{
    for (const auto& f : fields) {
        if (f.first == name) return true;
    }
    return false;
}

const std::string& Record::get(const std::string& name) const
{
    for (const auto& f : fields) {
        if (f.first == name) return f.second;
    }
    BOOST_FAIL(where() << ": no field '" << name << "'");
    static const std::string none;
    return none; // not reached: BOOST_FAIL throws
}

Bytes Record::bytes(const std::string& name) const { return from_hex(get(name)); }

std::vector<uint32_t> Record::words(const std::string& name) const
{
    std::istringstream in(get(name));
    std::vector<uint32_t> out;
    uint32_t w;
    while (in >> std::hex >> w) out.push_back(w);
    BOOST_REQUIRE_MESSAGE(in.eof(), where() << ": bad hex words in " << name);
    return out;
}

Bytes Record::message() const
{
    Bytes msg = bytes("Msg");
    if (has("Len")) {
        unsigned long bits = std::stoul(get("Len"));
        if (bits % 8 != 0 || bits / 8 > msg.size()) BOOST_FAIL(where() << ": bad Len " << bits);
        msg.resize(bits / 8);
    }
    if (has("Repeat")) {
        unsigned long n = std::stoul(get("Repeat"));
        Bytes rep;
        rep.reserve(msg.size() * n);
        for (unsigned long i = 0; i < n; i++) rep.insert(rep.end(), msg.begin(), msg.end());
        msg.swap(rep);
    }
    return msg;
}

std::string Record::where() const { return file + ":" + std::to_string(line); }

std::string data_dir()
{
    const char* env = std::getenv("COINCRYPTO_TEST_DATA");
    return env && *env ? env : COIN_TEST_DATA_DIR;
}

std::string read_data_file(const std::string& name)
{
    const std::string path = data_dir() + "/" + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_REQUIRE_MESSAGE(in, "cannot open test data file " << path
                                  << " (set COINCRYPTO_TEST_DATA to the data directory)");
    std::ostringstream ss;
    ss << in.rdbuf();
    BOOST_REQUIRE_MESSAGE(!ss.str().empty(), "empty test data file " << path);
    return ss.str();
}

std::vector<Record> parse_vectors(const std::string& text, const std::string& file)
{
    std::vector<Record> out;
    std::istringstream in(text);
    std::string raw, section;
    Record cur;
    int lineno = 0;
    auto flush = [&] {
        if (!cur.fields.empty()) out.push_back(cur);
        cur = Record();
    };
    while (std::getline(in, raw)) {
        lineno++;
        const std::string line = trim(raw);
        if (line.empty()) {
            flush();
        } else if (line[0] == '#') {
            continue;
        } else if (line[0] == '[') {
            flush();
            BOOST_REQUIRE_MESSAGE(line.back() == ']', file << ":" << lineno << ": bad section header");
            section = trim(line.substr(1, line.size() - 2));
        } else {
            size_t eq = line.find('=');
            BOOST_REQUIRE_MESSAGE(eq != std::string::npos, file << ":" << lineno << ": expected 'Name = value'");
            if (cur.fields.empty()) {
                cur.file = file;
                cur.line = lineno;
                cur.section = section;
            }
            cur.fields.emplace_back(trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
        }
    }
    flush();
    return out;
}

std::vector<Record> load_vectors(const std::string& name)
{
    std::vector<Record> v = parse_vectors(read_data_file(name), name);
    BOOST_REQUIRE_MESSAGE(!v.empty(), "no test vectors in " << name);
    return v;
}

std::vector<Record> load_section(const std::string& name, const std::string& section)
{
    std::vector<Record> v;
    for (auto& r : load_vectors(name)) {
        if (r.section == section) v.push_back(std::move(r));
    }
    BOOST_REQUIRE_MESSAGE(!v.empty(), "no test vectors in section [" << section << "] of " << name);
    return v;
}

std::vector<Record> select(const std::vector<Record>& records, const std::string& name, const std::string& value)
{
    std::vector<Record> out;
    for (const Record& r : records) {
        if (r.has(name) && r.get(name) == value) out.push_back(r);
    }
    BOOST_REQUIRE_MESSAGE(!out.empty(), "no test vectors with " << name << " = " << value);
    return out;
}

Bytes from_hex(const std::string& hex)
{
    if (hex.size() % 2 != 0) BOOST_FAIL("odd-length hex string: " << hex);
    Bytes out(hex.size() / 2);
    for (size_t i = 0; i < out.size(); i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) BOOST_FAIL("bad hex string: " << hex);
        out[i] = static_cast<unsigned char>(hi << 4 | lo);
    }
    return out;
}

std::string to_hex(const unsigned char* p, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(2 * len);
    for (size_t i = 0; i < len; i++) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

Bytes random_bytes(size_t len, uint32_t seed)
{
    std::mt19937 rng(seed);
    Bytes out(len);
    for (auto& b : out) b = static_cast<unsigned char>(rng());
    return out;
}

namespace {

// The file named by $COINCRYPTO_TEST_VERIFIED: the keys it held when the run started, and how
// many of them this run skipped (reported at exit).
struct Verified {
    std::string path;
    std::set<std::string> earlier;
    size_t skipped = 0;
    Verified()
    {
        const char* p = std::getenv("COINCRYPTO_TEST_VERIFIED");
        if (!p || !*p) return;
        path = p;
        std::ifstream in(path);
        for (std::string line; std::getline(in, line);) earlier.insert(line);
    }
    ~Verified()
    {
        if (skipped) {
            std::printf("test_coincrypto: %zu backend checks skipped, passed under an earlier CPU model (%s)\n",
                        skipped, path.c_str());
        }
    }
};

Verified& verified()
{
    static Verified v;
    return v;
}

} // namespace

std::string backend_loop_key(const std::string& what)
{
    static std::map<std::string, int> loops;
    const std::string test = boost::unit_test::framework::current_test_case().full_name() + "|" + what;
    return test + "|" + std::to_string(loops[test]++);
}

void run_unless_checked_earlier(const std::string& loop, const std::string& what, const std::string& name,
                                const std::function<void()>& check)
{
    using namespace boost::unit_test;
    Verified& v = verified();
    const std::string key = loop + "|" + name;
    if (v.earlier.count(key)) {
        v.skipped++;
        BOOST_TEST_MESSAGE(what << ": backend " << name << " skipped: passed under an earlier CPU model");
        return;
    }
    const auto failed = [] { return results_collector.results(framework::current_test_case().p_id).p_assertions_failed.get(); };
    const auto before = failed();
    check();
    if (v.path.empty() || failed() != before) return;
    std::ofstream out(v.path, std::ios::app);
    out << key << "\n";
    BOOST_REQUIRE_MESSAGE(out.flush(), "cannot append to " << v.path);
}

} // namespace coin_test
