#include "catmouse/core/error.hpp"

#include <fmt/format.h>

#include <algorithm>

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

}  // namespace

std::string_view field_name(ErrorField field) {
  switch (field) {
    case ErrorField::kNone:
      return "";
    case ErrorField::kGraph:
      return "graph";
    case ErrorField::kDirected:
      return "directed";
    case ErrorField::kNeighbour:
      return "neighbour";
    case ErrorField::kEdge:
      return "edge";
    case ErrorField::kCatGraph:
      return "cat_graph";
    case ErrorField::kGrid:
      return "grid";
    case ErrorField::kGridRow:
      return "grid_row";
    case ErrorField::kRules:
      return "rules";
    case ErrorField::kHoles:
      return "holes";
    case ErrorField::kCatForbidden:
      return "cat_forbidden";
    case ErrorField::kMouseStart:
      return "mouse_start";
    case ErrorField::kCatStart:
      return "cat_start";
    case ErrorField::kCats:
      return "cats";
    case ErrorField::kMoveLimit:
      return "move_limit";
    case ErrorField::kMouse:
      return "mouse";
    case ErrorField::kCat:
      return "cat";
    case ErrorField::kTurn:
      return "turn";
    case ErrorField::kPosition:
      return "position";
    case ErrorField::kState:
      return "state";
    case ErrorField::kEngine:
      return "engine";
    case ErrorField::kMemoryLimit:
      return "memory_limit";
    case ErrorField::kValuesOnly:
      return "values_only";
    case ErrorField::kThreads:
      return "threads";
    case ErrorField::kResources:
      return "resources";
    case ErrorField::kCancelled:
      return "cancelled";
    case ErrorField::kCops:
      return "cops";
    case ErrorField::kCheckpoint:
      return "checkpoint";
    case ErrorField::kCheckpointEvery:
      return "checkpoint_every";
    case ErrorField::kSpill:
      return "spill";
    case ErrorField::kHeader:
      return "header";
    case ErrorField::kFooter:
      return "footer";
    case ErrorField::kIndex:
      return "index";
    case ErrorField::kBlock:
      return "block";
    case ErrorField::kOption:
      return "option";
    case ErrorField::kCatJump:
      return "cat_jump";
    case ErrorField::kMouseJump:
      return "mouse_jump";
    case ErrorField::kExhaustive:
      return "exhaustive";
    case ErrorField::kNodes:
      return "nodes";
    case ErrorField::kSource:
      return "source";
    case ErrorField::kParts:
      return "parts";
    case ErrorField::kKeepFrom:
      return "keep_from";
    case ErrorField::kStuck:
      return "stuck";
    case ErrorField::kGenerator:
      return "generator";
  }
  return "";
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

std::string_view kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kBadInput:
      return "bad input";
    case ErrorKind::kRefusedMemory:
      return "refused for memory";
    case ErrorKind::kOutOfMemory:
      return "out of memory";
    case ErrorKind::kResources:
      return "resources";
    case ErrorKind::kOutputLost:
      return "output lost";
    case ErrorKind::kCancelled:
      return "cancelled";
    case ErrorKind::kInternal:
      break;
  }
  return "internal";
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
