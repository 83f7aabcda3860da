#include "tablebase_input.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <fstream>
#include <iostream>

namespace catmouse::cli {

bool is_tablebase_file(const std::string& path) {
  // Only a regular file can be one (Tablebase::open reads at offsets); a FIFO or a device is read
  // once, as a graph, with nothing taken from it here.
  struct stat status {};
  if (path == "-" || ::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return false;
  std::ifstream in(path, std::ios::binary);
  std::string first(8, '\0');
  return in.read(first.data(), static_cast<std::streamsize>(first.size())) && is_tablebase(first);
}

Tablebase open_tablebase(const std::string& path) {
  return take(Tablebase::open(path));
}

void add_graph_option(CLI::App& sub, std::string& graph) {
  sub.add_option("--graph", graph, "refuse the file unless it is for the board in this graph file")
      ->type_name("GRAPH");
}

void check_graph_option(const Tablebase& tablebase, const std::string& graph) {
  if (graph.empty()) return;
  const GameSpec spec = take(read_game(read_input(graph), graph == "-" ? "<stdin>" : graph));
  if (Status ok = tablebase.check_board(spec); !ok) {
    throw InputError(fmt::format("--graph {}: {}", graph, ok.error().message));
  }
}

void table_error(const Error& error) {
  if (error.kind == ErrorKind::kRefusedMemory) {
    Error located = error;
    located.where.field = ErrorField::kNone;
    located.message += " (see --memory)";
    throw InputError(located);
  }
  if (exit_code(error.kind) == 1) throw ResourceError(error.message_text());
  if (error.where.field == ErrorField::kThreads) throw InputError("--threads: " + error.message);
  corrupt(error);
}

void corrupt(const Error& error) {
  std::cerr << "catmouse: " << error.to_string();
  // A state its moves contradict: the file passed its checksums, so it was written wrong or
  // rewritten; verify checks every state of it.
  if (error.where.field == ErrorField::kState && !error.where.source.empty()) {
    std::cerr << "; run catmouse verify " << error.where.source << " to check the whole file";
  }
  std::cerr << "\n";
  throw ExitCode{1};
}

}  // namespace catmouse::cli
