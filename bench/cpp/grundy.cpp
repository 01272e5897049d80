// Grundy values of heap games, the same loops as yomi's (src/games/octal.ts,
// octal-period.ts, subtraction.ts, grundys-game.ts), hand-written in C++:
//   grundy octal <code> <n>            octal game, doubling rounds + periodicity theorem
//   grundy grundys-game <n>            Grundy's game, direct
//   grundy subtraction <n> <s1> <s2>…  subtraction game, direct, then the period test
// Prints a hash of G(0) … G(n) and the period found; the computation's time
// goes to stderr as "in-process ms: X".
#include <cstdlib>
#include <cstring>
#include <vector>
#include "common.hpp"

struct Period { int start = -1, length = 0, proven_to = 0; };

static Period smallest(const std::vector<int>& g, int length, int start, int p) {
  auto at = [&](long n) { return n < length ? g[n] : g[start + (n - start) % p]; };
  for (int q = 1; q < p; q++) {
    if (p % q) continue;
    bool repeats = true;
    for (int n = start; n < start + p && repeats; n++) repeats = at(n + q) == at(n);
    if (!repeats) continue;
    int n = start - 1;
    while (n >= 0 && g[n] == at(n + q)) n--;
    return {n + 1, q, length - 1};
  }
  return {start, p, length - 1};
}

static Period find_period(const std::vector<int>& g, int length, int t) {
  for (int p = 1; 2 * p + t <= length; p++) {
    int n = length - p - 1;
    while (n >= 0 && g[n] == g[n + p]) n--;
    int start = n + 1;
    if (2 * start + 2 * p + t <= length) return smallest(g, length, start, p);
  }
  return {};
}

static Period octal(const char* code, int n, std::vector<int>& g) {
  std::vector<int> digits{code[0] - '0'};
  for (const char* c = strchr(code, '.') + 1; *c; c++) digits.push_back(*c - '0');
  int t = (int)digits.size() - 1;
  while (t > 0 && digits[t] == 0) t--;
  g.assign(n + 1, 0);
  int cap = 64;
  std::vector<int> seen(cap, -1);
  int computed = 0;
  for (;;) {
    int until = std::min(n + 1, std::max(2 * computed, 128));
    for (int m = computed; m < until; m++) {
      for (int k = 0; k <= t && k <= m; k++) {
        int d = digits[k];
        if ((d & 1) && m == k) seen[0] = m;
        if ((d & 2) && m > k) seen[g[m - k]] = m;
        if (d & 4)
          for (int a = 1, b = m - k - 1; a <= b; a++, b--) seen[g[a] ^ g[b]] = m;
      }
      int v = 0;
      while (v < cap && seen[v] == m) v++;
      g[m] = v;
      if (v >= cap - 1) {
        cap *= 2;
        seen.assign(cap, -1);
      }
    }
    computed = until;
    Period period = find_period(g, computed, t);
    if (period.length) {
      for (int m = computed; m <= n; m++) g[m] = g[m - period.length];
      return period;
    }
    if (computed == n + 1) return {};
  }
}

static void grundys_game(int n, std::vector<int>& g) {
  g.assign(n + 1, 0);
  int cap = 64;
  std::vector<int> seen(cap, -1);
  for (int m = 0; m <= n; m++) {
    for (int a = 1, b = m - 1; a < b; a++, b--) seen[g[a] ^ g[b]] = m;
    int v = 0;
    while (v < cap && seen[v] == m) v++;
    g[m] = v;
    if (v >= cap - 1) {
      cap *= 2;
      seen.assign(cap, -1);
    }
  }
}

static Period subtraction(const std::vector<int>& set, int n, std::vector<int>& g) {
  g.assign(n + 1, 0);
  std::vector<int> seen(set.size() + 2, -1);
  int size = (int)set.size();
  for (int m = 0; m <= n; m++) {
    for (int k = 0; k < size; k++) {
      int s = set[k];
      if (s > m) break;
      seen[g[m - s]] = m;
    }
    int v = 0;
    while (seen[v] == m) v++;
    g[m] = v;
  }
  return find_period(g, n + 1, set.back());
}

int main(int argc, char** argv) {
  std::vector<int> g;
  Period period;
  auto started = Clock::now();
  if (!strcmp(argv[1], "octal")) {
    period = octal(argv[2], atoi(argv[3]), g);
  } else if (!strcmp(argv[1], "grundys-game")) {
    grundys_game(atoi(argv[2]), g);
  } else {
    std::vector<int> set;
    for (int i = 3; i < argc; i++) set.push_back(atoi(argv[i]));
    period = subtraction(set, atoi(argv[2]), g);
  }
  report(started);
  unsigned hash = 0;
  for (int v : g) hash = hash * 31 + (unsigned)v;
  printf("hash %u period %d from %d\n", hash, period.length, period.start);
}
