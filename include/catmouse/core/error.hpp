// Errors as values. The library never prints or exits: every fallible call returns a Result that
// holds either the value or an Error with a message, the place it refers to and its kind.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace catmouse {

// What an error is about, as a value the front ends map with a table of their own (option name,
// HTTP status, exception class); field_name() gives each one stable snake_case name.
enum class ErrorField : std::uint8_t {
  kNone,
  kGraph,      // the graph as a whole (its text, its node count)
  kDirected,   // an edge list read as arcs
  kNeighbour,  // Location::index = the place in the node's neighbour list
  kEdge,       // Location::index = the edge's number in the input
  kCatGraph,   // the cat's own graph
  kGrid,       // a grid map as a whole
  kGridRow,    // Location::index = the row (Location::detail may name the column)
  kRules,      // a file's "rules" object (Location::detail = the key)
  kHoles,
  kCatForbidden,
  kMouseStart,
  kCatStart,
  kCats,
  kMoveLimit,
  kMouse,  // a position's mouse
  kCat,    // a position's cat (Location::index = the cat, from 1, when there are several)
  kTurn,
  kPosition,
  kState,  // Location::detail = the state, "(m, c, turn)"
  kEngine,
  kMemoryLimit,
  kValuesOnly,
  kThreads,
  kResources,  // a thread or another resource that could not be had
  kCancelled,
  kCops,
  kCheckpoint,
  kCheckpointEvery,
  kSpill,
  kHeader,
  kFooter,
  kIndex,
  kBlock,    // Location::index = the block (Location::detail may name what in it)
  kOption,   // a file-writing option (block size, zstd level)
  kCatJump,  // a map's jumps
  kMouseJump,
  kExhaustive,
  kNodes,
  kSource,
  kParts,      // a census's res/mod parts of geng's enumeration
  kKeepFrom,   // the cop number from which a census keeps the graphs
  kStuck,      // the rule for a player with no move, as a census takes it
  kGenerator,  // nauty's geng: the program a census runs, or the one built in
};

// What kind of failure an error is, set where the error is made. Front ends choose by it alone
// whether the caller is at fault (exit 2, HTTP 4xx) or not (exit 1, HTTP 503), and never by the
// words of a message; the field only says what the error is about.
enum class ErrorKind : std::uint8_t {
  kBadInput,       // the caller's input, file or option is at fault
  kRefusedMemory,  // refused before it starts: it needs more than the memory limit allows
  kOutOfMemory,    // memory ran out while it ran (std::bad_alloc)
  kResources,      // a thread, a process or another resource of the system could not be had
  kOutputLost,     // a write failed (a full disk, a file past `ulimit -f`, an I/O error), or what
                   // was written could not be read back
  kCancelled,      // stopped on the caller's request (SolveOptions::cancelled, a census's stop)
  kInternal,       // a broken invariant of the library's own: a defect, not the caller's fault
};

// The words of a kind: "bad input", "refused for memory", "out of memory", "resources", "output
// lost", "cancelled", "internal".
std::string_view kind_name(ErrorKind kind);

// The stable snake_case name of a field ("mouse_start", "memory_limit", ...; "" for kNone), as
// Python's Error.field and the server's JSON give it.
std::string_view field_name(ErrorField field);

// A node named in an error's message: `length` bytes at `offset` spell node `node`'s id.
struct NodeMention {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::uint64_t node = 0;
};

// How a front end names node `id` in a message (the id itself by default).
using NodeNamer = std::function<std::string(std::uint64_t)>;

// Where an error was found. Every part is optional; to_string() joins the ones that are set,
// e.g. "graph.json:3:14: node 7, neighbour 2".
struct Location {
  std::string source;                 // file name, "<stdin>", or empty
  std::uint64_t line = 0;             // 1-based line in source; 0 when unknown
  std::uint64_t column = 0;           // 1-based column in source; 0 when unknown
  std::optional<std::uint64_t> node;  // graph node the error is about
  ErrorField field = ErrorField::kNone;
  std::optional<std::uint64_t> index;  // the field's number: edge K, neighbour K, block N, cat K
  std::string detail;                  // more about the field, shown after it, never compared
  std::string label;                   // a front end's name for the field ("--mouse"), shown
                                       // instead of the library's

  // The field as shown: "mouse start", "edge 5", "rules.cats", or the label when set.
  std::string field_text() const;
  std::string to_string() const;
  std::string to_string(const NodeNamer& name) const;
};

// A Location that is only a field: at_field(ErrorField::kEdge, 5) shows as "edge 5".
Location at_field(ErrorField field, std::optional<std::uint64_t> index = std::nullopt,
                  std::string detail = {});

// Line and column (both 1-based) of byte `offset` of `text`, for error locations. Columns count
// UTF-8 characters, as editors show them, and a leading byte-order mark takes none.
std::pair<std::uint64_t, std::uint64_t> position_of(std::string_view text, std::size_t offset);

// Advice that follows an error's message, shown after it as "; <text>": what would do instead
// ("values only (no remoteness) would need 3.0 MiB and fit"), and the option that asks for it, so
// that a front end without that option leaves the advice out rather than cut it from the text.
struct ErrorHint {
  ErrorField option = ErrorField::kNone;  // the option the advice names; kNone: no advice
  std::string text;
};

// The figures of a refusal for memory, as numbers for a front end that words it its own way (the
// server's 413): the bytes the work needs (UINT64_MAX: more than can be counted) and the limit.
struct MemoryFigures {
  std::uint64_t needed = 0;
  std::uint64_t limit = 0;
};

// A failure that is the caller's to report: bad input, inconsistent rules, not enough memory.
struct Error {
  Error() = default;
  explicit Error(std::string text, Location place = {}, ErrorKind of = ErrorKind::kBadInput)
      : message(std::move(text)), where(std::move(place)), kind(of) {}

  std::string message;  // what is wrong, as a sentence fragment without the location
  Location where;
  ErrorKind kind = ErrorKind::kBadInput;
  ErrorHint hint;
  std::vector<NodeMention> nodes;  // the nodes the message names, in order
  std::optional<MemoryFigures>
      memory;  // set on a refusal for memory that the plan or a reader made

  // "<location>: <message>; <hint>", without the parts that are not set.
  std::string to_string() const;
  // The same with every node (in the location and the message) named by `name`.
  std::string to_string(const NodeNamer& name) const;
  // The message and its hint, with the message's nodes named by `name` (their ids by default).
  std::string message_text(const NodeNamer& name) const;
  std::string message_text() const;
  // "; <hint>", or "" without one: what message_text() adds after the message.
  std::string hint_clause() const;
};

// A node reference for a message given to with_nodes(): fmt::format("node {} is listed twice",
// node_ref(7)).
std::string node_ref(std::uint64_t node);

// An Error whose message is `marked` with every node_ref() turned into the node's id and
// recorded in Error::nodes, so that a front end can name the nodes its own way.
Error with_nodes(std::string marked, Location where = {});

// Either a T or an Error. Minimal on purpose (C++20 has no std::expected).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// Success or an Error, for calls with nothing to return.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

 private:
  std::optional<Error> error_;
};

}  // namespace catmouse
