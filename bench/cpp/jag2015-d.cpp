// jag2015-d contest-style: retrograde analysis over (cell, walls inverted?)
// for Alice's and Bob's turns. Alice's positions become won when a move
// escapes or reaches a Bob position he has lost; Bob's become lost when both
// of his choices (wait, invert) lead to positions Alice has won. What is never
// settled is Bob's: endless play is a loss for Alice.
#include <vector>
#include "common.hpp"

int main() {
  std::string in = read_all_stdin();
  Timer timer;
  Cursor c{in.c_str()};
  std::string out;
  std::vector<unsigned char> open, aliceWon, bobCount;
  std::vector<int> queue;
  std::vector<unsigned char> t, s;
  for (;;) {
    int h = (int)c.next_int(), w = (int)c.next_int(), r = (int)c.next_int(), col = (int)c.next_int();
    if (h == 0) break;
    t.assign((h + 1) * w, 0);
    s.assign(h * (w + 1), 0);
    for (int i = 0; i <= h; i++) {
      for (int j = 0; j < w; j++) t[i * w + j] = (unsigned char)c.next_int();
      if (i == h) break;
      for (int j = 0; j <= w; j++) s[i * (w + 1) + j] = (unsigned char)c.next_int();
    }
    int cells = h * w;
    // open[2*cell+inv]: bits up, down, left, right that are open.
    open.assign(2 * cells, 0);
    aliceWon.assign(2 * cells, 0);
    bobCount.assign(2 * cells, 2);
    queue.clear();
    for (int i = 0; i < h; i++)
      for (int j = 0; j < w; j++) {
        int cell = i * w + j;
        int walls[4] = {t[i * w + j], t[(i + 1) * w + j], s[i * (w + 1) + j], s[i * (w + 1) + j + 1]};
        bool border[4] = {i == 0, i == h - 1, j == 0, j == w - 1};
        for (int inv = 0; inv < 2; inv++) {
          int mask = 0;
          bool exits = false;
          for (int d = 0; d < 4; d++)
            if ((walls[d] ^ inv) == 0) {
              mask |= 1 << d;
              if (border[d]) exits = true;
            }
          open[2 * cell + inv] = (unsigned char)mask;
          if (exits) {
            aliceWon[2 * cell + inv] = 1;
            queue.push_back(2 * (2 * cell + inv));  // even: an Alice position she has won
          }
        }
      }
    for (size_t head = 0; head < queue.size(); head++) {
      int item = queue[head];
      int state = item >> 1;  // 2*cell + inv
      if ((item & 1) == 0) {
        // Alice has won at state: Bob's positions leading here are (cell, inv) and (cell, !inv).
        for (int k = 0; k < 2; k++) {
          int bob = state ^ k;
          if (bobCount[bob] > 0 && --bobCount[bob] == 0) queue.push_back(2 * bob + 1);
        }
      } else {
        // Bob has lost at state: Alice steps in from a neighbour through an open inner side.
        int cell = state >> 1, inv = state & 1, i = cell / w, j = cell % w, mask = open[state];
        int from[4] = {i > 0 ? cell - w : -1, i < h - 1 ? cell + w : -1, j > 0 ? cell - 1 : -1,
                       j < w - 1 ? cell + 1 : -1};
        for (int d = 0; d < 4; d++) {
          if (!(mask >> d & 1) || from[d] < 0) continue;
          int alice = 2 * from[d] + inv;
          if (!aliceWon[alice]) {
            aliceWon[alice] = 1;
            queue.push_back(2 * alice);
          }
        }
      }
    }
    out += aliceWon[2 * ((r - 1) * w + (col - 1))] ? "Yes\n" : "No\n";
  }
  timer.report();
  fputs(out.c_str(), stdout);
}
