// edpc-k (EDPC K) contest-style: win[k] = some a in A with a ≤ k leaves a lost
// pile; the first such a settles k (yomi's outcome-only sweep stops there too).
#include <vector>
#include "common.hpp"

int main() {
  std::string in = read_all_stdin();
  Timer timer;
  Cursor c{in.c_str()};
  int n = (int)c.next_int(), k = (int)c.next_int();
  std::vector<int> a(n);
  for (int i = 0; i < n; i++) a[i] = (int)c.next_int();
  std::vector<char> win(k + 1, 0);
  for (int s = 1; s <= k; s++)
    for (int i = 0; i < n && a[i] <= s; i++)
      if (!win[s - a[i]]) {
        win[s] = 1;
        break;
      }
  const char* answer = win[k] ? "First" : "Second";
  timer.report();
  printf("%s\n", answer);
}
