// Generalized Sprague–Grundy values (Fraenkel's algorithm), the peer of
// src/solvers/gsg.ts for bench/gsg.bench.ts: the same levels, counters,
// marks and queue over the same graphs, children in compressed sparse rows
// and the reverse graph built from them.
//   gsg random N            the random loopy graph of the benchmark (N positions)
//   gsg subtraction-mod N S1 S2 …   places 0 … N−1, i → (i − s) mod N, 0 has no move
// Prints "hash H infinite I levels L" (H = Σ-hash of the values, −1 for ∞) and
// "in-process ms: T" on stderr (graph building excluded).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static uint32_t mix(uint32_t x) {
  x = (x ^ (x >> 16)) * 0x7feb352du;
  x = (x ^ (x >> 15)) * 0x846ca68bu;
  return x ^ (x >> 16);
}

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const bool random = std::strcmp(argv[1], "random") == 0;
  const int32_t n = std::atoi(argv[2]);
  std::vector<int32_t> set;
  for (int i = 3; i < argc; i++) set.push_back(std::atoi(argv[i]));
  // Children in compressed sparse rows.
  std::vector<int32_t> from(n + 1, 0), to;
  to.reserve(static_cast<size_t>(n) * 3);
  for (int32_t p = 0; p < n; p++) {
    if (random) {
      const uint32_t h = mix(static_cast<uint32_t>(p) + 1);
      const uint32_t deg = (h & 3) ? 1 + (h % 4) : 0;
      for (uint32_t i = 0; i < deg; i++) {
        const uint32_t r = mix(h + i * 7919u);
        const bool back = (r % 1000) < 100;
        const int64_t c = back ? int64_t(p) + 1 + ((r >> 10) % 64) : int64_t(p) - 1 - ((r >> 10) % 64);
        if (c >= 0 && c < n) to.push_back(static_cast<int32_t>(c));
      }
    } else if (p != 0) {
      for (int32_t s : set) to.push_back(static_cast<int32_t>(((int64_t(p) - s) % n + n) % n));
    }
    from[p + 1] = static_cast<int32_t>(to.size());
  }
  const auto started = std::chrono::steady_clock::now();
  // The reverse graph.
  std::vector<int32_t> rfrom(n + 1, 0), rto(to.size());
  for (int32_t c : to) rfrom[c + 1]++;
  for (int32_t c = 0; c < n; c++) rfrom[c + 1] += rfrom[c];
  {
    std::vector<int32_t> fill(rfrom.begin(), rfrom.end() - 1);
    for (int32_t p = 0; p < n; p++)
      for (int32_t k = from[p]; k < from[p + 1]; k++) rto[fill[to[k]]++] = p;
  }
  const int32_t UNLABELED = -2, INF = -1;
  std::vector<int32_t> value(n, UNLABELED), count(n), queue(n);
  std::vector<uint8_t> mark(n);
  int levels = 0;
  for (int32_t level = 0;; level++) {
    std::fill(mark.begin(), mark.end(), 0);
    int32_t tail = 0;
    for (int32_t p = 0; p < n; p++) {
      if (value[p] != UNLABELED) continue;
      int32_t open = 0;
      for (int32_t k = from[p]; k < from[p + 1]; k++) open += value[to[k]] < 0;
      count[p] = open;
      if (open == 0) queue[tail++] = p;
    }
    for (int32_t i = 0; i < tail; i++) value[queue[i]] = level;
    for (int32_t head = 0; head < tail; head++) {
      const int32_t u = queue[head];
      for (int32_t k = rfrom[u]; k < rfrom[u + 1]; k++) {
        const int32_t v = rto[k];
        if (mark[v] || value[v] >= 0) continue;
        mark[v] = 1;
        for (int32_t j = rfrom[v]; j < rfrom[v + 1]; j++) {
          const int32_t w = rto[j];
          if (value[w] != UNLABELED) continue;
          if (--count[w] == 0 && !mark[w]) {
            value[w] = level;
            queue[tail++] = w;
          }
        }
      }
    }
    int32_t left = 0;
    for (int32_t p = 0; p < n; p++) {
      if (value[p] != UNLABELED) continue;
      if (!mark[p]) value[p] = INF;
      else left++;
    }
    levels = level + 1;
    if (left == 0) break;
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  uint32_t hash = 0;
  int64_t infinite = 0;
  for (int32_t v : value) {
    hash = hash * 31u + static_cast<uint32_t>(v);
    infinite += v == INF;
  }
  std::printf("hash %u infinite %lld levels %d\n", hash, static_cast<long long>(infinite), levels);
  std::fprintf(stderr, "in-process ms: %.1f\n", ms);
  return 0;
}
