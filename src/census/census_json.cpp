// A census's result as one JSON record (census.hpp; docs/census-record.schema.json).
#include <cmath>

#include "catmouse/census/census.hpp"
#include "catmouse/solve/cops.hpp"
#include "census_state.hpp"

namespace catmouse::census {

namespace {

Json record_json(const CensusRecord& record) {
  Json out{{"graph6", record.graph6}};
  if (record.placement) {
    out["placement"] = Json{{"hole", (*record.placement)[0]},
                            {"mouse", (*record.placement)[1]},
                            {"cat", (*record.placement)[2]}};
  } else {
    out["placement"] = nullptr;
  }
  out["part"] = record.part;
  out["line"] = record.line;
  return out;
}

double rounded(double seconds) {
  return std::round(seconds * 1e6) / 1e6;
}

}  // namespace

std::string census_json(const CensusResult& result) {
  const CensusSpec& spec = result.spec;
  const Provenance& p = result.provenance;
  Question question;
  question.kind = spec.kind;
  question.stuck = spec.stuck;
  Json out{
      {"catmouse", Json{{"version", p.catmouse_version}, {"commit", p.catmouse_commit}}},
      {"census", kind_name(spec.kind)},
      {"nodes", spec.nodes},
      {"generator",
       Json{{"program", p.generator}, {"nauty", p.nauty}, {"arguments", p.generator_arguments}}},
      {"rules", rules_json(question)}};
  if (spec.kind == CensusKind::kCops) {
    out["max"] = spec.max;
    out["keep_from"] = spec.keep_from;
  }
  out["state_file"] = result.state_path;
  out["parts"] =
      Json{{"done", result.parts_done}, {"total", spec.parts}, {"this_run", result.parts_this_run}};
  const CensusTotals& t = result.totals;
  Json totals{{"graphs", t.graphs}};
  Json records = Json::array();
  if (spec.kind == CensusKind::kCops) {
    totals["cop_numbers"] = Json::array();
    for (const CopNumberCount& count : t.cop_numbers) {
      totals["cop_numbers"].push_back(Json{{"cop_number", count.cop_number},
                                           {"above_max", count.cop_number > spec.max},
                                           {"graphs", count.graphs}});
      if (!count.longest) continue;
      Json r{{"cop_number", count.cop_number},
             {"moves", count.longest->length},
             {"rounds", cop_rounds(count.longest->length)}};
      r.update(record_json(*count.longest));
      records.push_back(std::move(r));
    }
  }
  if (spec.kind == CensusKind::kMouse) {
    totals["placements"] = t.placements[0] + t.placements[1] + t.placements[2];
    totals["mouse_wins"] = t.placements[1];
    totals["cat_wins"] = t.placements[2];
    totals["draws"] = t.placements[0];
    for (int v = 1; v < 3; ++v) {
      if (!t.longest[v]) continue;
      Json r{{"winner", v == 1 ? "mouse" : "cat"}, {"plies", t.longest[v]->length}};
      r.update(record_json(*t.longest[v]));
      records.push_back(std::move(r));
    }
  }
  out["totals"] = std::move(totals);
  out["records"] = std::move(records);
  if (spec.kind == CensusKind::kCops) {
    out["graphs_file"] = result.highest == 0 || spec.graphs_path.empty()
                             ? Json(nullptr)
                             : Json{{"path", spec.graphs_path},
                                    {"cop_number", result.highest},
                                    {"graphs", result.highest_graphs}};
  }
  out["time"] = Json{{"wall_seconds", rounded(result.wall_seconds)},
                     {"cpu_seconds", rounded(result.cpu_seconds)},
                     {"graphs_this_run", result.graphs_this_run}};
  return out.dump(-1, ' ', /*ensure_ascii=*/true, Json::error_handler_t::replace);
}

}  // namespace catmouse::census
