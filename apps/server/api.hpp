// The JSON API of docs/server.md: games made from a board and rules (parsed by read_game, solved
// by solve, laid out), then the value, moves, optimal line and value map of any position, looked
// up in the game's Solution. Every answer is JSON; errors are {"error", "where"} with the status
// of docs/server.md. Thread-safe: the HTTP server calls handle() from many threads at once.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catmouse/core/graph.hpp"
#include "game_cache.hpp"
#include "game_entry.hpp"
#include "http_types.hpp"
#include "solve_gate.hpp"

namespace catmouse::server {

struct ApiOptions {
  std::uint64_t memory = std::uint64_t{1} << 30;  // bytes for the cached games and the requests
  unsigned threads = 1;                           // worker threads of each solve (0: all)
  unsigned solves = 1;                            // solves at once
  unsigned queue = 4;                             // solves waiting for a turn, then 503
  unsigned readers = 2;  // new games read (parsed, generated, planned) at once; more wait
  std::uint64_t max_states = 100'000'000;  // more is 422: too long to solve here
  unsigned max_cats = 10;   // more is 422: the cats' joint moves make it too long to solve here
  NodeId max_nodes = 5000;  // more is 413: too large to draw
  std::uint64_t max_edges = 100'000;                 // more is 413: too large to draw
  std::size_t max_response = std::size_t{16} << 20;  // bytes of an answer, more is 413
  std::size_t max_body = std::size_t{1} << 20;       // bytes of a request body, more is 413
  std::size_t max_line = 10000;                      // moves of an optimal line, then "cut"
};

// An example board: a file of the examples folder.
struct Example {
  std::string name;    // the file name without its suffix
  std::string title;   // for people
  std::string format;  // "leetcode", "edges", "graph6" or "grid"
  std::string text;    // the file's content
};

// A board file's text as an example: named by the file name without its suffix, its format learnt
// by reading it (read_game); fails when it is not a valid board.
Result<Example> example_from_text(const std::string& path, std::string text);
// The same for a regular file read here (the installed examples); fails naming the file and the
// reason when it cannot be read.
Result<Example> read_example_file(const std::string& path);
// The examples in `dir`, in name order: its files ending in .json, .g6, .txt or .edges.
Result<std::vector<Example>> load_examples(const std::string& dir);

struct GameRequest;

class Api {
 public:
  Api(ApiOptions options, std::vector<Example> examples);

  // A request whose path is /api or under /api/.
  Response handle(const Request& request);

  const ApiOptions& options() const { return options_; }
  // The server is stopping: the solves under way are cancelled and those waiting sent away
  // (503); safe from any thread.
  void shut_down();
  // The gate of the solves, and the cache of games: for tests.
  SolveGate& gate() { return gate_; }
  const GameCache<GameEntry>& cache() const { return cache_; }

 private:
  Response create_game(const std::string& body);
  Response game_query(const std::string& id, const std::string& what, const Request& request);
  std::shared_ptr<const GameEntry> lookup(const std::string& id);
  using Room = GameCache<GameEntry>::Reservation;
  // 413 if `bytes` can never fit, 503 if the server is stopping.
  void check_room(std::uint64_t bytes, const std::string& what) const;
  // `bytes` of the budget for this request, or 413 (never fits) / 503 (not now).
  Room reserve(std::uint64_t bytes, const std::string& what);
  // The request's room grown to `bytes` in all, or 413 / 503 as reserve().
  void grow(Room& room, std::uint64_t bytes, const std::string& what);
  // A game's answer of `body`, holding a part of `room` for it until it is sent.
  Response game_response(int status, std::string body, Room& room);
  Response solve_game(GameRequest& request, Room room, std::optional<SolveGate::Ticket>& reading,
                      std::chrono::steady_clock::time_point started);

  ApiOptions options_;
  std::vector<Example> examples_;
  GameCache<GameEntry> cache_;
  SolveGate gate_;
  SolveGate readers_;  // the requests reading a new game: at most options_.readers at once
  std::atomic<std::uint64_t> next_id_{1};
  std::atomic<bool> stopping_{false};
  std::uint64_t resident_at_start_ = 0;  // the process's resident bytes when made
};

}  // namespace catmouse::server
