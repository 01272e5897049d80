// Shared by the C++ peers of the foundation benchmark: read all of stdin
// into memory (not timed), then parse from memory and time parse + solve.
#pragma once
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>

static std::string read_all_stdin() {
  std::string s;
  char buf[1 << 16];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) s.append(buf, n);
  return s;
}

struct Cursor {
  const char* p;
  long long next_int() {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') ++p;
    bool neg = *p == '-';
    if (neg) ++p;
    long long v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    return neg ? -v : v;
  }
  const char* next_word() {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') ++p;
    const char* w = p;
    while (*p > ' ') ++p;
    return w;
  }
};

using Clock = std::chrono::steady_clock;

// Times parse + solve: wall time by a steady clock and this process's CPU
// time (std::clock), reported on stderr as "in-process ms: X cpu ms: Y".
struct Timer {
  Clock::time_point started = Clock::now();
  std::clock_t cpu_started = std::clock();
  void report() const {
    double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    double cpu_ms = 1000.0 * double(std::clock() - cpu_started) / CLOCKS_PER_SEC;
    fprintf(stderr, "in-process ms: %.3f cpu ms: %.3f\n", ms, cpu_ms);
  }
};
