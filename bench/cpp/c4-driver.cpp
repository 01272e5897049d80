// A driver for Christophe Steininger's c4 solver (its public source, ChristopheSteininger/c4), compiled by
// bench/connect4.bench.ts together with c4's own src/solver/ from the folder $YOMI_C4 names (its
// source is never part of yomi). Input (stdin): one position per line, a move sequence (columns
// 1–7) optionally followed by a score (ignored). For each position c4's table is cleared and the
// exact score solved (c4's solve_strong, which on 7×6 is the score of the benchmark sets). Output:
// one score per line; on stderr "<microseconds solving> <nodes>" for the whole run, nodes as c4
// counts them (its negamax calls: positions decided by its static search are not counted).
#include <chrono>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/solver.h"

int main() {
  Solver solver{};
  std::string line;
  unsigned long long nodes = 0;
  double us = 0;
  while (std::getline(std::cin, line)) {
    Position pos{};
    for (char ch : line.substr(0, line.find(' '))) pos.move(ch - '1');
    solver.clear_state();
    auto started = std::chrono::steady_clock::now();
    int score = solver.solve_strong(pos);
    us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count();
    nodes += solver.get_merged_stats().get_num_nodes();
    std::cout << score << "\n";
  }
  std::cerr << us << " " << nodes << "\n";
}
