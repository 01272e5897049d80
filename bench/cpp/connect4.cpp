// Connect Four solver, hand-written for the yomi benchmark with the same
// techniques as yomi's (src/games/connect4/): 7×6 bitboards (column-major,
// H+1 bits per column, one 64-bit word), negamax alpha-beta on the score
// with the solvers' convention, null-window probes narrowing the window
// towards 0, moves that lose at once pruned, ordering by threats created
// (the table's move first, centre first among equals), and a transposition
// table of 2^21 entries (key, generation, move, lower and upper bound)
// cleared by a generation counter before each position.
//
// Input (stdin): one position per line, a move sequence optionally followed
// by a score (ignored). Output: one score per line; on stderr
// "<microseconds solving> <nodes>" for the whole run (parsing excluded).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

using u64 = uint64_t;
constexpr int W = 7, H = 6, CELLS = W * H;

constexpr u64 bottomMask() {
  u64 m = 0;
  for (int c = 0; c < W; c++) m |= u64(1) << (c * (H + 1));
  return m;
}
constexpr u64 BOTTOM = bottomMask();
constexpr u64 BOARD = BOTTOM * ((u64(1) << H) - 1);
inline u64 columnMask(int c) { return ((u64(1) << H) - 1) << (c * (H + 1)); }
inline u64 topMask(int c) { return (u64(1) << (H - 1)) << (c * (H + 1)); }
inline u64 lowMask(int c) { return u64(1) << (c * (H + 1)); }

inline u64 winningCells(u64 p, u64 mask) {
  u64 r = (p << 1) & (p << 2) & (p << 3);
  for (int d = H; d <= H + 2; d++) {
    u64 q = (p << d) & (p << 2 * d);
    r |= q & (p << 3 * d);
    r |= q & (p >> d);
    q = (p >> d) & (p >> 2 * d);
    r |= q & (p << d);
    r |= q & (p >> 3 * d);
  }
  return r & (BOARD ^ mask);
}

struct Entry {
  uint32_t keyLo, keyHi, stamp;
  int32_t move, lower, upper, pad0, pad1;
};

struct Solver {
  static constexpr int BITS = 21;
  std::vector<Entry> table = std::vector<Entry>(size_t(1) << BITS);
  uint32_t generation = 1;
  u64 nodes = 0;
  int order[W];
  int cols[(CELLS + 1) * W], keys[(CELLS + 1) * W];

  Solver() {
    for (int i = 0; i < W; i++) order[i] = W / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
  }
  void clear() { generation++; }

  inline size_t index(uint32_t lo, uint32_t hi) const {
    return (uint32_t)((lo ^ (hi * 0x27d4eb2du)) * 0x9e3779b1u) >> (32 - BITS);
  }

  int negamax(u64 cur, u64 mask, int n, int alpha, int beta) {
    nodes++;
    u64 possible = (mask + BOTTOM) & BOARD;
    u64 opp = winningCells(cur ^ mask, mask);
    u64 forced = possible & opp;
    if (forced) {
      if (forced & (forced - 1)) return -(CELLS - n) / 2;
      possible = forced;
    }
    possible &= ~(opp >> 1);
    if (!possible) return -(CELLS - n) / 2;
    if (n >= CELLS - 2) return 0;
    int min = -(CELLS - 2 - n) / 2;
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    int max = (CELLS - 1 - n) / 2;
    u64 key = cur + mask;
    uint32_t k0 = (uint32_t)key, k1 = (uint32_t)(key >> 32);
    Entry &e = table[index(k0, k1)];
    int first = -1;
    if (e.stamp == generation && e.keyLo == k0 && e.keyHi == k1) {
      if (e.upper < max) max = e.upper;
      if (e.lower > alpha) {
        alpha = e.lower;
        if (alpha >= beta) return alpha;
      }
      first = e.move;
    }
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    int base = n * W, count = 0;
    // A forced move needs no ordering, nor does the table's move (tried first).
    bool single = (possible & (possible - 1)) == 0;
    for (int i = W - 1; i >= 0; i--) {
      int c = order[i];
      u64 move = possible & columnMask(c);
      if (!move) continue;
      int score = 1000;
      if (c != first && !single) score = __builtin_popcountll(winningCells(cur | move, mask));
      int j = count++;
      while (j > 0 && keys[base + j - 1] > score) {
        keys[base + j] = keys[base + j - 1];
        cols[base + j] = cols[base + j - 1];
        j--;
      }
      keys[base + j] = score;
      cols[base + j] = c;
    }
    for (int j = count - 1; j >= 0; j--) {
      int c = cols[base + j];
      u64 move = possible & columnMask(c);
      int score = -negamax(cur ^ mask, mask | move, n + 1, -beta, -alpha);
      if (score >= beta) {
        store(k0, k1, score, INT32_MAX, c);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    store(k0, k1, INT32_MIN, alpha, -1);
    return alpha;
  }

  void store(uint32_t k0, uint32_t k1, int lower, int upper, int move) {
    Entry &e = table[index(k0, k1)];
    if (e.stamp == generation && e.keyLo == k0 && e.keyHi == k1) {
      if (e.lower > lower) lower = e.lower;
      if (e.upper < upper) upper = e.upper;
      if (move < 0) move = e.move;
    }
    e = Entry{k0, k1, generation, move, lower, upper, 0, 0};
  }

  int solve(u64 cur, u64 mask, int n) {
    if (n == CELLS) return 0;
    if (winningCells(cur, mask) & (mask + BOTTOM) & BOARD) return (CELLS + 1 - n) / 2;
    int lo = -(CELLS - n) / 2, hi = (CELLS + 1 - n) / 2;
    while (lo < hi) {
      int m = lo + (hi - lo) / 2;
      if (m <= 0 && lo / 2 < m) m = lo / 2;
      else if (m >= 0 && hi / 2 > m) m = hi / 2;
      int r = negamax(cur, mask, n, m, m + 1);
      if (r <= m) hi = r;
      else lo = r;
    }
    return lo;
  }
};

int main() {
  std::ios::sync_with_stdio(false);
  Solver s;
  std::string line;
  double micros = 0;
  std::string out;
  while (std::getline(std::cin, line)) {
    u64 cur = 0, mask = 0;
    int n = 0;
    for (char ch : line) {
      if (ch == ' ') break;
      int c = ch - '1';
      u64 move = (mask + lowMask(c)) & columnMask(c);
      cur ^= mask;
      mask |= move;
      n++;
    }
    s.clear();
    auto t0 = std::chrono::steady_clock::now();
    int score = s.solve(cur, mask, n);
    micros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    out += std::to_string(score) + "\n";
  }
  fputs(out.c_str(), stdout);
  fprintf(stderr, "%.1f %llu\n", micros, (unsigned long long)s.nodes);
  return 0;
}
