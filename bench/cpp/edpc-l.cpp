// edpc-l (EDPC L) contest-style interval DP: dp[l][r] = best X − Y for the
// player to move when a[l..r] is left.
#include <algorithm>
#include <vector>
#include "common.hpp"

static long long dp[3001][3001];

int main() {
  std::string in = read_all_stdin();
  Timer timer;
  Cursor c{in.c_str()};
  int n = (int)c.next_int();
  std::vector<long long> a(n);
  for (int i = 0; i < n; i++) a[i] = c.next_int();
  for (int l = n - 1; l >= 0; l--) {
    dp[l][l] = a[l];
    for (int r = l + 1; r < n; r++) dp[l][r] = std::max(a[l] - dp[l + 1][r], a[r] - dp[l][r - 1]);
  }
  long long v = dp[0][n - 1];
  timer.report();
  printf("%lld\n", v);
}
