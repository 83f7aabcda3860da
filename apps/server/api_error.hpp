// How the API's code says no: an ApiError thrown anywhere below Api::handle() becomes the answer
// {"error": message, "where": where} with its status. Library errors (Error) are turned into
// these with where_of(), which drops the source name the command line would put first.
#pragma once

#include <string>

#include "catmouse/core/error.hpp"

namespace catmouse::server {

struct ApiError {
  int status;
  std::string message;
  std::string where;
  std::string allow = {};  // 405: the methods allowed on the path
  std::string field = {};  // a library error's field (field_name()), or empty
};

[[noreturn]] inline void fail(int status, std::string message, std::string where = {}) {
  throw ApiError{status, std::move(message), std::move(where)};
}

// "line 2, column 5", "node 3, neighbour 2", "grid row 1", "rules.holes": the parts of a
// library error's location that are set, without its source.
std::string where_of(const Location& where);

// The server's answer to a library error: the status by its kind (a refusal by the memory limit
// or memory that ran out 413; a resource, lost output, a cancel or a defect 503) and, for bad
// input, by its field, with the request member (or where_of()) it names. The one table of
// library fields in the server.
struct FieldAnswer {
  int status;
  std::string where;
};
FieldAnswer answer_of(const Error& error);

// The body of every error answer: {"error": message, "where": where}, valid JSON whatever bytes
// of the request the message quotes (bytes that are not UTF-8 become U+FFFD).
std::string error_json(const std::string& message, const std::string& where);

// Throws a library error as its field's answer, with the field's name in the body.
[[noreturn]] void fail(const Error& error);
// Throws the refusal of a valid game (validate() passed) by plan() or, `solving`, by its engine:
// as fail(), but what would be the request's fault (400) is 422, a game the server will not solve.
[[noreturn]] void refuse_game(const Error& error, bool solving);

}  // namespace catmouse::server
