// abc201d (ABC 201 D) contest-style: margin DP from the bottom-right square,
// dp[i][j] = best (own − opponent's) points for the player to move at (i, j).
#include <algorithm>
#include <vector>
#include "common.hpp"

int main() {
  std::string in = read_all_stdin();
  Timer timer;
  Cursor c{in.c_str()};
  int h = (int)c.next_int(), w = (int)c.next_int();
  std::vector<const char*> row(h);
  for (int i = 0; i < h; i++) row[i] = c.next_word();
  std::vector<int> dp((size_t)h * w);
  for (int i = h - 1; i >= 0; i--) {
    for (int j = w - 1; j >= 0; j--) {
      if (i == h - 1 && j == w - 1) { dp[(size_t)i * w + j] = 0; continue; }
      int best = -1 << 30;
      if (j + 1 < w) best = std::max(best, (row[i][j + 1] == '+' ? 1 : -1) - dp[(size_t)i * w + j + 1]);
      if (i + 1 < h) best = std::max(best, (row[i + 1][j] == '+' ? 1 : -1) - dp[(size_t)(i + 1) * w + j]);
      dp[(size_t)i * w + j] = best;
    }
  }
  int v = dp[0];
  const char* answer = v > 0 ? "Takahashi" : v < 0 ? "Aoki" : "Draw";
  timer.report();
  printf("%s\n", answer);
}
