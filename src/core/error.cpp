#include "catmouse/core/error.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catmouse/core/words.hpp"

namespace catmouse {

namespace {
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
}  // namespace

// Line and column (both 1-based) of byte `offset`. Columns count UTF-8 characters, not bytes,
// so they match what an editor shows.
std::pair<std::uint64_t, std::uint64_t> position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const std::uint64_t line =
      1 + static_cast<std::uint64_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t newline = before.rfind('\n');
  const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  // A byte-order mark is invisible in editors, so it takes no column.
  std::uint64_t column = line_start == 0 && before.starts_with(kByteOrderMark) ? 0 : 1;
  for (std::size_t i = line_start; i < offset; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  return {line, column};
}

namespace {

// Node ids in the text by default.
std::string id_of(std::uint64_t node) {
  return fmt::format("{}", node);
}

// Brackets of a node_ref(); bytes no message holds otherwise.
constexpr char kOpen = '\x01';
constexpr char kClose = '\x02';

// Each field's one stable snake_case name (error.hpp).
constexpr Word<ErrorField> kFieldWords[] = {
    {ErrorField::kNone, ""},
    {ErrorField::kGraph, "graph"},
    {ErrorField::kDirected, "directed"},
    {ErrorField::kNeighbour, "neighbour"},
    {ErrorField::kEdge, "edge"},
    {ErrorField::kCatGraph, "cat_graph"},
    {ErrorField::kGrid, "grid"},
    {ErrorField::kGridRow, "grid_row"},
    {ErrorField::kRules, "rules"},
    {ErrorField::kHoles, "holes"},
    {ErrorField::kCatForbidden, "cat_forbidden"},
    {ErrorField::kMouseStart, "mouse_start"},
    {ErrorField::kCatStart, "cat_start"},
    {ErrorField::kCats, "cats"},
    {ErrorField::kMoveLimit, "move_limit"},
    {ErrorField::kMouse, "mouse"},
    {ErrorField::kCat, "cat"},
    {ErrorField::kTurn, "turn"},
    {ErrorField::kPosition, "position"},
    {ErrorField::kState, "state"},
    {ErrorField::kEngine, "engine"},
    {ErrorField::kMemoryLimit, "memory_limit"},
    {ErrorField::kValuesOnly, "values_only"},
    {ErrorField::kThreads, "threads"},
    {ErrorField::kResources, "resources"},
    {ErrorField::kCancelled, "cancelled"},
    {ErrorField::kCops, "cops"},
    {ErrorField::kCheckpoint, "checkpoint"},
    {ErrorField::kCheckpointEvery, "checkpoint_every"},
    {ErrorField::kSpill, "spill"},
    {ErrorField::kHeader, "header"},
    {ErrorField::kFooter, "footer"},
    {ErrorField::kIndex, "index"},
    {ErrorField::kBlock, "block"},
    {ErrorField::kOption, "option"},
    {ErrorField::kCatJump, "cat_jump"},
    {ErrorField::kMouseJump, "mouse_jump"},
    {ErrorField::kExhaustive, "exhaustive"},
    {ErrorField::kNodes, "nodes"},
    {ErrorField::kSource, "source"},
    {ErrorField::kParts, "parts"},
    {ErrorField::kKeepFrom, "keep_from"},
    {ErrorField::kStuck, "stuck"},
    {ErrorField::kGenerator, "generator"},
};

}  // namespace

std::string_view field_name(ErrorField field) {
  return word_of(kFieldWords, field);
}

std::string Location::field_text() const {
  if (!label.empty()) return label;
  std::string out(field_name(field));
  // The rules' fields read as words in messages, as the command line has always shown them.
  for (char& c : out) {
    if (c == '_' && field != ErrorField::kMemoryLimit && field != ErrorField::kValuesOnly &&
        field != ErrorField::kCheckpointEvery) {
      c = ' ';
    }
  }
  if (index) out += fmt::format(" {}", *index);
  if (!detail.empty()) {
    if (field == ErrorField::kRules) {
      out += "." + detail;
    } else {
      out += out.empty() ? detail : (field == ErrorField::kState ? " " : ", ") + detail;
    }
  }
  return out;
}

Location at_field(ErrorField field, std::optional<std::uint64_t> index, std::string detail) {
  Location where;
  where.field = field;
  where.index = index;
  where.detail = std::move(detail);
  return where;
}

std::string Location::to_string() const {
  return to_string(id_of);
}

std::string Location::to_string(const NodeNamer& name) const {
  std::string out = source;
  if (line > 0) {
    out += fmt::format("{}{}", out.empty() ? "line " : ":", line);
    if (column > 0) out += fmt::format(":{}", column);
  }
  auto append = [&out](const std::string& part) {
    if (!out.empty()) out += ": ";
    out += part;
  };
  if (node) append("node " + name(*node));
  const std::string text = field_text();
  if (!text.empty()) {
    if (node) {
      out += ", " + text;
    } else {
      append(text);
    }
  }
  return out;
}

namespace {

constexpr Word<ErrorKind> kKindWords[] = {
    {ErrorKind::kBadInput, "bad input"},        {ErrorKind::kRefusedMemory, "refused for memory"},
    {ErrorKind::kOutOfMemory, "out of memory"}, {ErrorKind::kResources, "resources"},
    {ErrorKind::kOutputLost, "output lost"},    {ErrorKind::kCancelled, "cancelled"},
    {ErrorKind::kInternal, "internal"},
};

}  // namespace

std::string_view kind_name(ErrorKind kind) {
  return word_of(kKindWords, kind, "internal");
}

std::string Error::hint_clause() const {
  return hint.text.empty() ? std::string() : "; " + hint.text;
}

std::string Error::message_text() const {
  return message_text(id_of);
}

std::string Error::message_text(const NodeNamer& name) const {
  std::string out;
  std::size_t at = 0;
  for (const NodeMention& mention : nodes) {
    // A front end may have cut or extended the message; a mention past its end is left out.
    if (mention.offset < at || mention.offset + mention.length > message.size()) continue;
    out.append(message, at, mention.offset - at);
    out += name(mention.node);
    at = mention.offset + mention.length;
  }
  out.append(message, at);
  return out + hint_clause();
}

std::string Error::to_string() const {
  return to_string(id_of);
}

std::string Error::to_string(const NodeNamer& name) const {
  std::string where_text = where.to_string(name);
  std::string text = message_text(name);
  return where_text.empty() ? text : where_text + ": " + text;
}

std::string node_ref(std::uint64_t node) {
  return fmt::format("{}{}{}", kOpen, node, kClose);
}

Error with_nodes(std::string marked, Location where) {
  Error error(std::string(), std::move(where));
  error.message.reserve(marked.size());
  for (std::size_t i = 0; i < marked.size(); ++i) {
    const std::size_t close = marked.find(kClose, i);
    if (marked[i] != kOpen || close == std::string::npos) {
      error.message += marked[i];
      continue;
    }
    const std::string id = marked.substr(i + 1, close - i - 1);
    error.nodes.push_back({error.message.size(), id.size(), std::stoull(id)});
    error.message += id;
    i = close;
  }
  return error;
}

}  // namespace catmouse
