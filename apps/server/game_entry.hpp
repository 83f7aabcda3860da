// A game the server has made: its id, the object that POST /api/games answered, and the solved
// game every later request looks up.
#pragma once

#include <string>

#include "catmouse/solve/solution.hpp"

namespace catmouse::server {

struct GameEntry {
  std::string id;
  std::string json;  // the game object of docs/server.md, as sent
  Solution solution;
};

}  // namespace catmouse::server
