// Connect Four solver, hand-written for the yomi benchmark with the same
// techniques as yomi's (src/games/connect4/search.ts, src/solvers/): 7×6
// bitboards (column-major, H+1 bits per column, one 64-bit word), negamax
// alpha-beta on the score with the solvers' convention and fail-soft
// results; moves that lose at once pruned, a forced block the only move, a
// single possible move played without the table; a move after which the
// opponent cannot stop the mover's next stone wins without a node, else the
// window shrinks to wins at the third stone; a player who cannot complete
// four with every empty cell cannot win; claimeven bounds the score of
// the player to move with an even number of cells empty (on 7×6 the first
// player) and, one ply earlier, each child's, also when each four the mover
// could complete needs one of the opponent's complete first; the table keyed by the smaller of
// the position's and its mirror image's codes (mirror carried move by move),
// its bucket prefetched (a non-blocking hint C++ has and JavaScript has not:
// yomi does without); enhanced transposition cutoffs while 12 or more cells
// are empty (the children's buckets prefetched first), where a move whose
// child is already proven to fail low is not searched; the table only for
// positions with 11 or more cells empty (yomi's TABLE_EMPTY); moves ordered by the table's move, then by
// useful threats (4 × those one stone from playable + all), centre first
// among equals; null windows chosen as yomi's driver does (halving towards
// 0, the value nearest 0 once the range is narrow). The table: 2^k buckets of
// two 8-byte entries (check word lo, data word: bounds, move, work,
// generation), the first keeping the most work, cleared by a generation
// counter before each position.
//
// Input (stdin): one position per line, a move sequence optionally followed
// by a score (ignored). Argument: table megabytes (default 64). Output: one
// score per line; on stderr "<microseconds solving> <nodes> <ordered>" for the
// whole run (parsing excluded): every position entered, and those of them
// that got past the checks above to order two or more moves (a count to
// set beside c4's, which counts only the positions its static search of
// each move at the parent does not decide).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using u64 = uint64_t;
using u32 = uint32_t;
constexpr int W = 7, H = 6, CELLS = W * H;

constexpr u64 bottomMask() {
  u64 m = 0;
  for (int c = 0; c < W; c++) m |= u64(1) << (c * (H + 1));
  return m;
}
constexpr u64 BOTTOM = bottomMask();
constexpr u64 BOARD = BOTTOM * ((u64(1) << H) - 1);
inline u64 columnMask(int c) { return ((u64(1) << H) - 1) << (c * (H + 1)); }
inline u64 lowMask(int c) { return u64(1) << (c * (H + 1)); }
inline int popcount(u64 x) { return __builtin_popcountll(x); }

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

// The lowest cells of the fours p holds in the direction d bits apart.
inline u64 fourStarts(u64 p, int d) {
  u64 m = p & (p >> d);
  return m & (m >> 2 * d);
}

inline bool hasFour(u64 p) {
  if (fourStarts(p, 1)) return true;
  for (int d = H; d <= H + 2; d++)
    if (fourStarts(p, d)) return true;
  return false;
}

u64 mirror(u64 x) {
  u64 r = 0;
  for (int c = 0; c < W; c++) r |= ((x >> (c * (H + 1))) & ((u64(1) << (H + 1)) - 1)) << ((W - 1 - c) * (H + 1));
  return r;
}

inline u32 mix(u32 x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  return x ^ (x >> 16);
}

constexpr int MIN_SCORE = -(CELLS + 2) / 2, MAX_SCORE = (CELLS + 1) / 2;
constexpr int NO_LOWER = MIN_SCORE - 1, NO_UPPER = MAX_SCORE + 1;
constexpr int ETC_EMPTY = 12;
constexpr int TABLE_EMPTY = 11;

// The cells of the even rows (1-based) up to row 2k + 2.
constexpr u64 evenRowsUpTo(int k) {
  u64 m = 0;
  for (int c = 0; c < W; c++)
    for (int r = 1; r <= 2 * k + 1; r += 2) m |= u64(1) << (c * (H + 1) + r);
  return m;
}
constexpr u64 EVEN = evenRowsUpTo(H / 2 - 1);

// The spare bit above each column.
constexpr u64 SPARE = BOARD + BOTTOM;

// Whether each four the mover could complete (e: the empty cells) is completed only after one of the
// opponent's: one whose empty cells all lie below the mover's four's empty cells in their columns (as
// yomi's kernel).
bool opponentFirst(u64 mover, u64 opponent, u64 e) {
  const u64 stones = opponent & ~e, claimed = opponent & e;
  for (int k = 0; k < 4; k++) {
    const int d = k == 0 ? 1 : H + k - 1;
    for (u64 starts = fourStarts(mover, d); starts; starts &= starts - 1) {
      const u64 start = starts & (0 - starts);
      const u64 x = (start | (start << d) | (start << 2 * d) | (start << 3 * d)) & e;
      const u64 top = x & ~(x >> 1);
      const u64 z = (top | SPARE) - BOTTOM;
      const u64 columns = z & SPARE;
      if (!hasFour(stones | (claimed & z & (columns - (columns >> H))))) return false;
    }
  }
  return true;
}

// Claimeven, the first player to move (stones f; the second player's s; empty cells e; playable u):
// the bound on the first player's score, or NO_UPPER (as yomi's search.ts).
int claimeven(u64 f, u64 s, u64 e, u64 u) {
  u64 q = EVEN & e & ~u;
  u64 mover = f | (e & ~q);
  if (hasFour(mover) && !opponentFirst(mover, s | q, e)) return NO_UPPER;
  for (int k = 0; k < H / 2; k++)
    if (hasFour(s | (q & evenRowsUpTo(k)))) return -((H - 2 * k) / 2);
  return 0;
}

int nextProbe(int lower, int upper) {
  int nearest = lower > 0 ? lower : (upper - 1 < 0 ? upper - 1 : 0);
  if (upper - lower <= 8 && std::abs(nearest) <= 2) return nearest;
  int m = lower + (upper - lower) / 2;
  if (m <= 0 && lower / 2 < m) m = lower / 2;
  else if (m >= 0 && upper / 2 > m) m = upper / 2;
  return m;
}

struct Table {
  std::vector<u32> data;
  u32 mask, gen = 1;
  int foundLower, foundUpper, foundMove;
  explicit Table(size_t bytes) {
    size_t buckets = 16;
    while (buckets * 2 * 16 <= bytes) buckets *= 2;
    data.assign(buckets * 4, 0);
    mask = u32(buckets - 1);
  }
  void clear() {
    if (++gen > 511) {
      std::fill(data.begin(), data.end(), 0);
      gen = 1;
    }
  }
  size_t bucket(u32 lo, u32 hi) const { return size_t((mix(lo) ^ hi) & mask) << 2; }
  void prefetch(u32 lo, u32 hi) const { __builtin_prefetch(&data[bucket(lo, hi)], 1, 3); }
  bool valid(size_t e, u32 lo) const { return (data[e + 1] >> 23) == gen && (data[e] ^ data[e + 1]) == lo; }
  bool probe(u32 lo, u32 hi) {
    size_t b = bucket(lo, hi);
    u32 found;
    if (valid(b, lo)) found = data[b + 1];
    else if (valid(b + 2, lo)) found = data[b + 3];
    else return false;
    int l = found & 127, u = (found >> 7) & 127;
    foundLower = l == 0 ? NO_LOWER : l - 1 + MIN_SCORE;
    foundUpper = u == 127 ? NO_UPPER : u - 1 + MIN_SCORE;
    foundMove = int((found >> 14) & 15) - 1;
    return true;
  }
  void store(u32 lo, u32 hi, int lower, int upper, int move, int work) {
    size_t b = bucket(lo, hi);
    u32 lc = lower < MIN_SCORE ? 0 : u32(lower - MIN_SCORE + 1);
    u32 uc = upper > MAX_SCORE ? 127 : u32(upper - MIN_SCORE + 1);
    u32 mc = move < 0 ? 0 : u32(move + 1);
    if (work > 31) work = 31;
    size_t slot = SIZE_MAX;
    for (size_t e = b; e <= b + 2; e += 2) {
      if (!valid(e, lo)) continue;
      u32 old = data[e + 1];
      if ((old & 127) > lc) lc = old & 127;
      if (((old >> 7) & 127) < uc) uc = (old >> 7) & 127;
      if (mc == 0) mc = (old >> 14) & 15;
      if (int((old >> 18) & 31) > work) work = (old >> 18) & 31;
      slot = e;
      break;
    }
    if (slot == SIZE_MAX) {
      u32 first = data[b + 1];
      if ((first >> 23) != gen || u32(work) >= ((first >> 18) & 31)) {
        if ((first >> 23) == gen) {
          data[b + 2] = data[b];
          data[b + 3] = first;
        }
        slot = b;
      } else {
        slot = b + 2;
      }
    }
    u32 d = lc | (uc << 7) | (mc << 14) | (u32(work) << 18) | (gen << 23);
    data[slot] = lo ^ d;
    data[slot + 1] = d;
  }
};

struct Solver {
  Table table;
  u64 nodes = 0;
  u64 ordered = 0;
  int order[W];
  int cols[(CELLS + 1) * W], keys[(CELLS + 1) * W];

  explicit Solver(size_t bytes) : table(bytes) {
    for (int i = 0; i < W; i++) order[i] = W / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
  }

  // c = the mover's stones, m = all stones, r and s the same of the mirror image, n stones.
  int negamax(u64 c, u64 m, u64 r, u64 s, int n, int alpha, int beta) {
    u64 nodesAtStart = nodes++;
    u64 k = c + m, j = r + s;
    bool mirrored = j < k;
    if (mirrored) k = j;
    u32 k0 = u32(k), k1 = u32(k >> 32);
    const bool tabled = CELLS - n >= TABLE_EMPTY;
    if (tabled) table.prefetch(k0, k1);
    u64 possible = (m + BOTTOM) & BOARD;
    const u64 playable = possible;
    u64 opp = winningCells(c ^ m, m);
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
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    u64 empty = BOARD & ~m;
    if (beta > 0 && !hasFour(c | empty)) {
      beta = 0;
      if (alpha >= beta) return beta;
    }
    if (alpha < 0 && !hasFour((c ^ m) | empty)) {
      alpha = 0;
      if (alpha >= beta) return alpha;
    }
    if ((CELLS - n) % 2 == 0 && beta > -(H / 2)) {
      int bound = claimeven(c, c ^ m, empty, playable);
      if (beta > bound) {
        beta = bound;
        if (alpha >= beta) return beta;
      }
    }
    u64 nc = c ^ m, nr = r ^ s;
    if ((possible & (possible - 1)) == 0) {
      for (int i = 0; i < W; i++) {
        int col = order[i];
        u64 b = possible & columnMask(col);
        if (!b) continue;
        int mc = W - 1 - col;
        u64 e = (s + lowMask(mc)) & columnMask(mc);
        return -negamax(nc, m | b, nr, s | e, n + 1, -beta, -alpha);
      }
    }
    ordered++;
    int base = n * W, count = 0;
    for (int i = W - 1; i >= 0; i--) {
      int col = order[i];
      u64 b = possible & columnMask(col);
      if (!b) continue;
      u64 a = m | b;
      u64 t = winningCells(c | b, a);
      u64 u = (a + BOTTOM) & BOARD;
      u64 q = u & t;
      if (q) {
        if ((q & (q - 1)) || ((q << 1) & t)) return max;
      } else if (!(u & ~(t >> 1))) {
        return max;
      }
      if ((CELLS - n) % 2 == 1 && beta <= H / 2) {
        int least = -claimeven(nc, c | b, BOARD & ~a, u);
        if (least >= beta) return least;
      }
      u64 v = t & ~(opp << 1);
      int score = 4 * popcount(v & (u << 1)) + popcount(v);
      int jj = count++;
      while (jj > 0 && keys[base + jj - 1] > score) {
        keys[base + jj] = keys[base + jj - 1];
        cols[base + jj] = cols[base + jj - 1];
        jj--;
      }
      keys[base + jj] = score;
      cols[base + jj] = col;
    }
    max = (CELLS - 3 - n) / 2;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    int alphaAtStart = alpha;
    int first = -1;
    if (tabled && table.probe(k0, k1)) {
      if (table.foundLower > alpha) {
        alpha = table.foundLower;
        if (alpha >= beta) return alpha;
      }
      if (table.foundUpper < beta) {
        beta = table.foundUpper;
        if (alpha >= beta) return beta;
      }
      first = table.foundMove;
      if (first >= 0 && mirrored) first = W - 1 - first;
    }
    int best = -CELLS, bestMove = -1;
    if (CELLS - n >= ETC_EMPTY) {
      u64 childKeys[W];
      for (int jj = 0; jj < count; jj++) {
        int col = cols[base + jj];
        u64 b = possible & columnMask(col);
        int mc = W - 1 - col;
        u64 e = (s + lowMask(mc)) & columnMask(mc);
        u64 x = nc + (m | b), y = nr + (s | e);
        childKeys[jj] = y < x ? y : x;
        table.prefetch(u32(childKeys[jj]), u32(childKeys[jj] >> 32));
      }
      int left = 0;
      for (int jj = 0; jj < count; jj++) {
        u64 x = childKeys[jj];
        int col = cols[base + jj];
        if (table.probe(u32(x), u32(x >> 32))) {
          if (-table.foundUpper >= beta) return -table.foundUpper;
          if (-table.foundLower <= alpha) {  // fails low: not searched, its bound counts towards the best
            if (-table.foundLower > best) best = -table.foundLower, bestMove = col;
            continue;
          }
        }
        cols[base + left++] = col;
      }
      count = left;
    }
    if (first >= 0) {
      int top = count - 1;
      for (int jj = 0; jj < top; jj++) {
        if (cols[base + jj] != first) continue;
        for (int kk = jj; kk < top; kk++) cols[base + kk] = cols[base + kk + 1];
        cols[base + top] = first;
        break;
      }
    }
    for (int jj = count - 1; jj >= 0; jj--) {
      int col = cols[base + jj];
      u64 b = possible & columnMask(col);
      int mc = W - 1 - col;
      u64 e = (s + lowMask(mc)) & columnMask(mc);
      int score = -negamax(nc, m | b, nr, s | e, n + 1, -beta, -alpha);
      if (score > best) {
        best = score;
        bestMove = col;
        if (score >= beta) break;
        if (score > alpha) alpha = score;
      }
    }
    if (!tabled) return best;
    u64 work = nodes - nodesAtStart;
    int w = 63 - __builtin_clzll(work);
    int stored = mirrored ? W - 1 - bestMove : bestMove;
    if (best >= beta) table.store(k0, k1, best, NO_UPPER, stored, w);
    else if (best <= alphaAtStart) table.store(k0, k1, NO_LOWER, best, -1, w);
    else table.store(k0, k1, best, best, stored, w);
    return best;
  }

  int solve(u64 cur, u64 mask, int n) {
    if (n == CELLS) return 0;
    if (winningCells(cur, mask) & (mask + BOTTOM) & BOARD) return (CELLS + 1 - n) / 2;
    int lower = -(CELLS - n) / 2, upper = (CELLS + 1 - n) / 2;
    u64 r = mirror(cur), s = mirror(mask);
    while (lower < upper) {
      int m = nextProbe(lower, upper);
      int v = negamax(cur, mask, r, s, n, m, m + 1);
      if (v <= m) upper = v;
      else lower = v;
    }
    return lower;
  }
};

int main(int argc, char **argv) {
  std::ios::sync_with_stdio(false);
  size_t mb = argc > 1 ? size_t(std::atoi(argv[1])) : 64;
  Solver s(mb << 20);
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
    s.table.clear();
    auto t0 = std::chrono::steady_clock::now();
    int score = s.solve(cur, mask, n);
    micros += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    out += std::to_string(score) + "\n";
  }
  fputs(out.c_str(), stdout);
  fprintf(stderr, "%.1f %llu %llu\n", micros, (unsigned long long)s.nodes, (unsigned long long)s.ordered);
  return 0;
}
