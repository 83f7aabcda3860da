// A census's state file (census_state.hpp): its lines read and checked.
#include "census_state.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catmouse/solve/cops.hpp"

namespace catmouse::census {

namespace {

constexpr std::uint64_t kFormat = 1;  // the state file's format, "catmouse_census"

const char* stuck_name(StuckRule stuck) {
  return stuck == StuckRule::kDraw ? "draw" : "lose";
}

}  // namespace

Json rules_json(const Question& question) {
  switch (question.kind) {
    case CensusKind::kCops:
      return Json{{"game", "cops and robbers"}, {"cop_stays", true}, {"robber_stays", true}};
    case CensusKind::kMouse:
      return Json{
          {"game", "cat and mouse"}, {"first", "mouse"},   {"stuck", stuck_name(question.stuck)},
          {"mouse_stays", false},    {"cat_stays", false}, {"cat_forbidden", "hole"},
          {"repetition", "draw"}};
    case CensusKind::kFloor:
      break;
  }
  return Json{{"game", "none"}};
}

std::string header_line(const StateHeader& header) {
  const Question& q = header.question;
  const Provenance& p = header.provenance;
  Json line{{"catmouse_census", kFormat},
            {"census", kind_name(q.kind)},
            {"nodes", q.nodes},
            {"parts", q.parts}};
  if (q.kind == CensusKind::kCops) {
    line["max"] = q.max;
    line["keep_from"] = q.keep_from;
  }
  if (q.kind == CensusKind::kMouse) line["stuck"] = stuck_name(q.stuck);
  line["rules"] = rules_json(q);
  line["catmouse"] = Json{{"version", p.catmouse_version}, {"commit", p.catmouse_commit}};
  line["generator"] =
      Json{{"program", p.generator}, {"nauty", p.nauty}, {"arguments", p.generator_arguments}};
  return line.dump(-1, ' ', /*ensure_ascii=*/true, Json::error_handler_t::replace);
}

Status StateReader::take(std::string_view line, std::uint64_t offset, std::uint64_t number) {
  LinePlace place{source_, number, has_header() ? "" : "header"};
  if (line.size() > kMaxLine) {
    return line_error(place, fmt::format("a line longer than {} bytes", kMaxLine));
  }
  Result<Json> json = parse_line(line, place);
  if (!json.ok() && !has_header()) {
    return line_error(place,
                      "not a census state file of this catmouse (its first line is not "
                      "a census's header); give another --state");
  }
  if (!json.ok()) return json.error();
  if (!has_header()) return take_header(*json, place);
  return take_part(*json, place, Span{offset, line.size() + 1});
}

Status StateReader::take_header(const Json& line, const LinePlace& place) {
  Fields f(line, place);
  Question& q = header_.question;
  Result<std::uint64_t> format = f.count("catmouse_census", kFormat, kFormat);
  if (!format.ok()) {
    return line_error(place,
                      "not a census state file of this catmouse (its first line has no "
                      "\"catmouse_census\": 1); give another --state");
  }
  Result<std::string> census = f.text("census");
  if (!census.ok()) return census.error();
  if (*census == "cops") {
    q.kind = CensusKind::kCops;
  } else if (*census == "mouse") {
    q.kind = CensusKind::kMouse;
  } else if (*census == "floor") {
    q.kind = CensusKind::kFloor;
  } else {
    return f.error("census", fmt::format("{}: not cops, mouse or floor", quoted_text(*census)));
  }
  Result<std::uint64_t> nodes =
      f.count("nodes", kMaxCensusNodes, q.kind == CensusKind::kMouse ? 3 : 1);
  if (!nodes.ok()) return nodes.error();
  Result<std::uint64_t> parts = f.count("parts", kMaxCensusParts, 1);
  if (!parts.ok()) return parts.error();
  q.nodes = static_cast<std::uint32_t>(*nodes);
  q.parts = static_cast<std::uint32_t>(*parts);
  if (q.kind == CensusKind::kCops) {
    Result<std::uint64_t> max = f.count("max", kMaxCops, 1);
    if (!max.ok()) return max.error();
    Result<std::uint64_t> keep_from = f.count("keep_from", UINT32_MAX, 1);
    if (!keep_from.ok()) return keep_from.error();
    q.max = static_cast<std::uint32_t>(*max);
    q.keep_from = static_cast<std::uint32_t>(*keep_from);
  }
  if (q.kind == CensusKind::kMouse) {
    Result<std::string> stuck = f.text("stuck");
    if (!stuck.ok()) return stuck.error();
    if (*stuck != "lose" && *stuck != "draw") {
      return f.error("stuck", fmt::format("{}: not lose or draw", quoted_text(*stuck)));
    }
    q.stuck = *stuck == "draw" ? StuckRule::kDraw : StuckRule::kLose;
  }
  Result<const Json*> rules = f.object("rules");
  if (!rules.ok()) return rules.error();
  if (**rules != rules_json(q)) {
    return f.error("rules",
                   fmt::format("{} are not the rules of a {} census", shown(**rules), *census));
  }
  Provenance& p = header_.provenance;
  Result<const Json*> catmouse = f.object("catmouse");
  if (!catmouse.ok()) return catmouse.error();
  Fields c(**catmouse, place, "catmouse.");
  for (auto [key, out] :
       {std::pair{"version", &p.catmouse_version}, {"commit", &p.catmouse_commit}}) {
    Result<std::string> text = c.text(key);
    if (!text.ok()) return text.error();
    *out = *text;
  }
  if (Status done = c.finish(); !done.ok()) return done;
  Result<const Json*> generator = f.object("generator");
  if (!generator.ok()) return generator.error();
  Fields g(**generator, place, "generator.");
  for (auto [key, out] : {std::pair{"program", &p.generator},
                          {"nauty", &p.nauty},
                          {"arguments", &p.generator_arguments}}) {
    Result<std::string> text = g.text(key);
    if (!text.ok()) return text.error();
    *out = *text;
  }
  if (Status done = g.finish(); !done.ok()) return done;
  if (Status done = f.finish(); !done.ok()) return done;
  tally_ = make_tally(q);
  done_.assign(q.parts, false);
  part_lines_.assign(q.parts, Span{});
  return {};
}

Status StateReader::take_part(const Json& line, LinePlace& place, Span span) {
  const Question& q = header_.question;
  Fields f(line, place);
  Result<std::uint64_t> part_field = f.count("part", q.parts - 1);
  if (!part_field.ok()) return part_field.error();
  const auto part = static_cast<std::uint32_t>(*part_field);
  place.what = fmt::format("part {}", part);
  if (done_[part]) {
    return line_error(place, f.has("kept_graphs") ? "kept graphs after the part's own line"
                                                  : "a second line for this part");
  }
  // In part order, each part's kept graphs right before its line: as compaction writes it.
  const bool kept_line = f.has("kept_graphs");
  const bool in_order = last_was_kept_ ? static_cast<std::int64_t>(part) == last_part_
                                       : static_cast<std::int64_t>(part) > last_part_;
  canonical_ = canonical_ && in_order;
  last_part_ = part;
  last_was_kept_ = kept_line;
  if (kept_line) {
    Result<std::uint64_t> kept = tally_->add_kept(f);
    if (!kept.ok()) return kept.error();
    if (Status done = f.finish(); !done.ok()) return done;
    auto& [spans, count] = pending_[part];
    spans.push_back(span);
    count += *kept;
    return {};
  }
  Result<std::uint64_t> graphs = f.count("graphs", connected_graphs(q.nodes));
  if (!graphs.ok()) return graphs.error();
  std::uint64_t kept = 0;
  const auto pending = pending_.find(part);
  if (pending != pending_.end()) kept = pending->second.second;
  if (Status added = tally_->add_part(f, part, *graphs, kept); !added.ok()) return added;
  Result<double> seconds = f.seconds("cpu_seconds");
  if (!seconds.ok()) return seconds.error();
  if (Status done = f.finish(); !done.ok()) return done;
  if (__builtin_add_overflow(graphs_, *graphs, &graphs_) || graphs_ > connected_graphs(q.nodes)) {
    return f.error("graphs", fmt::format("the parts so far hold more graphs than the {} connected "
                                         "graphs of {} nodes",
                                         connected_graphs(q.nodes), q.nodes));
  }
  cpu_seconds_ += *seconds;
  done_[part] = true;
  ++parts_done_;
  part_lines_[part] = span;
  if (pending != pending_.end()) {
    kept_[part] = std::move(pending->second.first);
    pending_.erase(pending);
  }
  return {};
}

Status StateReader::check_complete() const {
  const Question& q = header_.question;
  if (!has_header() || parts_done_ != q.parts || q.nodes > 14) return {};
  if (graphs_ == connected_graphs(q.nodes)) return {};
  return line_error(LinePlace{source_, 0, ""},
                    fmt::format("every part is done, but they hold {} graphs, not the {} connected "
                                "graphs of {} nodes",
                                graphs_, connected_graphs(q.nodes), q.nodes));
}

CensusTotals StateReader::totals() const {
  CensusTotals totals;
  totals.graphs = graphs_;
  tally_->fill(totals);
  return totals;
}

std::vector<StateReader::Span> StateReader::lines_of(std::uint32_t part) const {
  std::vector<Span> out = kept_lines_of(part);
  out.push_back(part_lines_[part]);
  return out;
}

const std::vector<StateReader::Span>& StateReader::kept_lines_of(std::uint32_t part) const {
  static const std::vector<Span> kNone;
  const auto it = kept_.find(part);
  return it == kept_.end() ? kNone : it->second;
}

Status check_state_text(std::string_view text, const std::string& source) {
  StateReader reader(source);
  std::uint64_t offset = 0, number = 0;
  for (;;) {
    const std::size_t end = text.find('\n', offset);
    if (end == std::string_view::npos) break;  // none left, or a last line cut short
    if (Status taken = reader.take(text.substr(offset, end - offset), offset, ++number);
        !taken.ok())
      return taken;
    offset = end + 1;
  }
  return reader.check_complete();
}

}  // namespace catmouse::census
