// Dodgem n×n solved by plain single-threaded retrograde analysis, the peer of
// yomi's tier solver: every position of the same perfect hash (2·Σ C(N,a)·
// C(N−a,b) over a, b ≤ n−1 cars), a move counter and a value byte per
// position, and one queue of settled positions in the order they settle
// (so remoteness grows along it). No tiers, no threads. Prints the start's
// value as yomi does ("win in 19", "draw"), then the positions won, lost and
// drawn and the longest remoteness; the time of the solve on stderr.
#include <cstdint>
#include <cstdlib>
#include <vector>
#include "common.hpp"

static int n, N, cars;
static long long binom[40][8];
static std::vector<long long> offset;
static int stepTo[2][3][36], cameFrom[2][3][36];
static int allMask, rightColumn, topRow;
const int X = 0, O = 1, OFF = -1, NONE = -2;

static long long encode(int xs, int os, int side) {
  int a = __builtin_popcount(xs), b = __builtin_popcount(os);
  long long rankX = 0, rankO = 0;
  int i = 1;
  for (int m = xs; m; m &= m - 1) rankX += binom[__builtin_ctz(m)][i++];
  i = 1;
  for (int m = os; m; m &= m - 1) {
    int sq = __builtin_ctz(m);
    rankO += binom[sq - __builtin_popcount(xs & ((1 << sq) - 1))][i++];
  }
  return 2 * (offset[a * (cars + 1) + b] + rankX * binom[N - a][b] + rankO) + side;
}

// The count-subset of the squares not in `taken` with colex rank `rank`.
static int unrank(long long rank, int count, int taken) {
  int free = N - __builtin_popcount(taken), mask = 0;
  for (int i = count; i > 0; i--) {
    int x = free - 1;
    while (binom[x][i] > rank) x--;
    rank -= binom[x][i];
    free = x;
    int sq = 0;
    for (int seen = -1;; sq++)
      if (!(taken & (1 << sq)) && ++seen == x) break;
    mask |= 1 << sq;
  }
  return mask;
}

static void decode(long long p, int& xs, int& os, int& side) {
  side = (int)(p & 1);
  long long r = p >> 1;
  int block = 0;
  while (offset[block + 1] <= r) block++;
  int a = block / (cars + 1), b = block % (cars + 1);
  r -= offset[block];
  long long blockO = binom[N - a][b];
  xs = unrank(r / blockO, a, 0);
  os = unrank(r % blockO, b, xs);
}

// The moves of (xs, os, side): their count, the children written to `out` when given.
static int moves(int xs, int os, int side, long long* out) {
  int empty = ~(xs | os) & allMask, own = side == X ? xs : os, count = 0;
  for (int m = own; m; m &= m - 1) {
    int sq = __builtin_ctz(m), bit = 1 << sq;
    for (int dir = 0; dir < 3; dir++) {
      int to = stepTo[side][dir][sq];
      if (to == NONE || (to != OFF && !(empty & (1 << to)))) continue;
      if (out) {
        int mask = to == OFF ? own ^ bit : own ^ bit ^ (1 << to);
        out[count] = side == X ? encode(mask, os, O) : encode(xs, mask, X);
      }
      count++;
    }
  }
  return count;
}

static int parents(int xs, int os, int side, long long* out) {
  if ((side == X ? xs : os) == 0) return 0;
  int mover = 1 - side, own = mover == X ? xs : os, empty = ~(xs | os) & allMask, count = 0;
  for (int m = own; m; m &= m - 1) {
    int sq = __builtin_ctz(m), bit = 1 << sq;
    for (int dir = 0; dir < 3; dir++) {
      int from = cameFrom[mover][dir][sq];
      if (from == NONE || !(empty & (1 << from))) continue;
      int mask = own ^ bit ^ (1 << from);
      out[count++] = mover == X ? encode(mask, os, X) : encode(xs, mask, O);
    }
  }
  if (__builtin_popcount(own) < cars) {
    for (int m = empty & (mover == X ? rightColumn : topRow); m; m &= m - 1) {
      int mask = own | (m & -m);
      out[count++] = mover == X ? encode(mask, os, X) : encode(xs, mask, O);
    }
  }
  return count;
}

static void tables() {
  for (int x = 0; x <= N; x++)
    for (int i = 0; i <= cars; i++) binom[x][i] = i == 0 ? 1 : x == 0 ? 0 : binom[x - 1][i - 1] + binom[x - 1][i];
  long long total = 0;
  for (int a = 0; a <= cars; a++)
    for (int b = 0; b <= cars; b++) {
      offset.push_back(total);
      total += binom[N][a] * binom[N - a][b];
    }
  offset.push_back(total);
  allMask = (1 << N) - 1;
  for (int r = 0; r < n; r++) rightColumn |= 1 << (r * n + n - 1);
  for (int c = 0; c < n; c++) topRow |= 1 << c;
  for (int sq = 0; sq < N; sq++) {
    int row = sq / n, col = sq % n;
    // x: east (off the right column), north, south; o: north (off the top row), west, east.
    stepTo[X][0][sq] = col == n - 1 ? OFF : sq + 1;
    stepTo[X][1][sq] = row > 0 ? sq - n : NONE;
    stepTo[X][2][sq] = row < n - 1 ? sq + n : NONE;
    stepTo[O][0][sq] = row == 0 ? OFF : sq - n;
    stepTo[O][1][sq] = col > 0 ? sq - 1 : NONE;
    stepTo[O][2][sq] = col < n - 1 ? sq + 1 : NONE;
    cameFrom[X][0][sq] = col > 0 ? sq - 1 : NONE;
    cameFrom[X][1][sq] = row < n - 1 ? sq + n : NONE;
    cameFrom[X][2][sq] = row > 0 ? sq - n : NONE;
    cameFrom[O][0][sq] = row < n - 1 ? sq + n : NONE;
    cameFrom[O][1][sq] = col < n - 1 ? sq + 1 : NONE;
    cameFrom[O][2][sq] = col > 0 ? sq - 1 : NONE;
  }
}

int main(int argc, char** argv) {
  n = argc > 1 ? atoi(argv[1]) : 5;
  N = n * n;
  cars = n - 1;
  Timer timer;
  tables();
  const long long size = 2 * offset.back();
  // value: 0 unsettled, 1 won, 2 lost; remoteness beside it; counter: moves not yet known to be won.
  std::vector<uint8_t> value(size, 0), remoteness(size, 0), counter(size, 0);
  std::vector<uint32_t> queue;
  for (long long p = 0; p < size; p++) {
    int xs, os, side;
    decode(p, xs, os, side);
    if ((side == X ? os : xs) == 0) {
      value[p] = 2;  // the player who just moved has no car left: they won
      queue.push_back((uint32_t)p);
      continue;
    }
    int count = moves(xs, os, side, nullptr);
    if (count == 0) {
      value[p] = 1;  // no move: the player to move wins
      queue.push_back((uint32_t)p);
    }
    counter[p] = (uint8_t)count;
  }
  long long buf[64];
  for (size_t head = 0; head < queue.size(); head++) {
    long long p = queue[head];
    int xs, os, side;
    decode(p, xs, os, side);
    int k = parents(xs, os, side, buf);
    for (int j = 0; j < k; j++) {
      long long q = buf[j];
      if (value[q] != 0 || counter[q] == 0) continue;
      if (value[p] == 2) {
        value[q] = 1;
      } else if (--counter[q] == 0) {
        value[q] = 2;
      } else {
        continue;
      }
      remoteness[q] = remoteness[p] + 1;
      queue.push_back((uint32_t)q);
    }
  }
  timer.report();
  long long won = 0, lost = 0, longest = 0;
  for (long long p = 0; p < size; p++) {
    if (value[p] == 1) won++;
    if (value[p] == 2) lost++;
    if (value[p] != 0 && remoteness[p] > longest) longest = remoteness[p];
  }
  int xs = 0, os = 0;
  for (int r = 0; r < n - 1; r++) xs |= 1 << (r * n);
  for (int c = 1; c < n; c++) os |= 1 << ((n - 1) * n + c);
  long long start = encode(xs, os, X);
  if (value[start] == 0) printf("draw\n");
  else printf("%s in %d\n", value[start] == 1 ? "win" : "lose", remoteness[start]);
  printf("positions %lld won %lld lost %lld drawn %lld longest %lld\n", size, won, lost, size - won - lost, longest);
  return 0;
}
