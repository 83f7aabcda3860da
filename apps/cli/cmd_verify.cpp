// catmouse verify FILE.cmtb: checks a tablebase file whole: its header, index and every block
// against their checksums, then the certificate check (solve/verify.hpp) over the stored table.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "answer_text.hpp"
#include "commands.hpp"
#include "tablebase_input.hpp"

namespace catmouse::cli {

namespace {

struct VerifyCommand {
  std::string file;
  std::string graph;
  unsigned threads = 0;
  std::string memory;  // "" = the available memory, as the solving commands
  bool json = false;
};

void run(const VerifyCommand& cmd) {
  const Tablebase tablebase = open_tablebase(cmd.file);
  check_graph_option(tablebase, cmd.graph);
  EngineOptions limits;
  limits.memory = cmd.memory;
  const TablebaseCheck check = tablebase.verify(cmd.threads, limits.memory_limit());
  if (check.verdict == TablebaseVerdict::kCorrupt) corrupt(*check.error);
  if (check.error) table_error(*check.error);
  const TablebaseInfo& info = tablebase.info();
  if (cmd.json) {
    nlohmann::ordered_json out;
    out["valid"] = true;
    out["states"] = info.states;
    out["blocks"] = info.blocks;
    out["bytes"] = info.file_bytes;
    out["remoteness"] = info.has_remoteness;
    out["engine"] = engine_name(info.engine);
    print(out.dump() + "\n");
    return;
  }
  print(
      fmt::format("{}: valid: {} states in {} ({} bytes, {:.3f} bytes per state){}; every "
                  "checksum and the certificate check pass\n",
                  cmd.file, info.states, plural(info.blocks, "block"), info.file_bytes,
                  static_cast<double>(info.file_bytes) / static_cast<double>(info.states),
                  info.has_remoteness ? "" : ", values only"));
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto cmd = std::make_shared<VerifyCommand>();
  CLI::App* sub = app.add_subcommand(
      "verify", "Check a tablebase file: every checksum, then the certificate check of its table");
  sub->add_option("FILE", cmd->file, "the tablebase file (.cmtb)")->required();
  add_graph_option(*sub, cmd->graph);
  sub->add_option("--threads", cmd->threads,
                  "threads of the certificate check (default: one per hardware thread)")
      ->check(CLI::Range(0u, kMaxThreads));
  sub->add_option("--memory", cmd->memory,
                  "refuse, before allocating, a table that needs more than this (e.g. 8G, 512M; "
                  "default: the available physical memory)");
  sub->add_flag("--json", cmd->json,
                "print one JSON object: valid, states, blocks, bytes, remoteness, engine");
  set_help_footer(
      *sub,
      "Exit codes: 0 valid; 1 corrupt (the message names the block, or the index); 2 the file\n"
      "cannot be read as a tablebase (missing, not a tablebase, truncated or unfinished, a newer\n"
      "format, a corrupt header or footer, another board than --graph, a table over --memory).\n\n"
      "The certificate check loads the table (about 2.1 bytes per state with remoteness).",
      {"catmouse verify graph.cmtb"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace catmouse::cli
