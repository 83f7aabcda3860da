// catmouse-serve, the program `catmouse serve [GRAPH...]` runs: the web page and its JSON API
// (docs/server.md) on a local HTTP server, until SIGINT or SIGTERM. The server itself is
// apps/server; this is its command line. It is a program of its own because the server links
// cpp-httplib, and Debian's build of it brings OpenSSL, zlib and brotli: linked into catmouse,
// they cost every other command about 5 ms of start-up and 4.5 MB of memory. catmouse hands it
// `catmouse serve ...` unchanged (cmd_serve.cpp), so it parses and answers as catmouse would.
#include <fmt/format.h>
#include <malloc.h>

#include <iostream>
#include <memory>
#include <thread>

#include "engine_options.hpp"
#include "errors.hpp"
#include "help_footer.hpp"
#include "input.hpp"
#include "run_program.hpp"
#include "server.hpp"

namespace catmouse::cli {

namespace {

struct ServeCommand {
  std::vector<std::string> graphs;
  std::string host = "127.0.0.1";
  int port = 8913;
  std::string memory;
  unsigned threads = 0;
  unsigned solves = 0;
  unsigned queue = 0;
  bool queue_given = false;
  std::uint64_t max_states = server::ApiOptions{}.max_states;
};

void run(const ServeCommand& cmd) {
  // Blocks of kMmapThreshold and more are mapped on their own and unmapped when freed. glibc
  // raises this threshold after each such block is freed, and then serves the next tables and
  // answers from its arenas, which keep the memory after a flood of requests has passed.
  constexpr int kMmapThreshold = 512 << 10;
  ::mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
  // --memory and --threads mean what they mean for solve (the default memory is what is
  // available); the progress printer of the command line has no place in a server.
  EngineOptions engine;
  engine.memory = cmd.memory;
  engine.threads = cmd.threads;
  const SolveOptions resolved = engine.resolve();
  // A host that names no address is the user's mistake (2); a port taken, the machine's (1).
  if (Status ok = server::check_host(cmd.host); !ok) {
    throw InputError("--host: " + ok.error().message);
  }
  server::ServeOptions options;
  options.host = cmd.host;
  options.port = cmd.port;
  const std::string data = server::default_data_dir();
  options.web_dir = data + "/web";
  options.examples_dir = data + "/examples";
  for (const std::string& path : cmd.graphs) {
    // Read as every command reads its input: a folder, a missing file or binary data refused
    // with the reason, a FIFO waited for with a message.
    Result<server::Example> board =
        server::example_from_text(path, read_input(path, resolved.memory_limit));
    if (!board.ok()) throw InputError(board.error());
    options.boards.push_back(std::move(board).value());
  }
  if (resolved.memory_limit > 0) options.api.memory = resolved.memory_limit;
  options.api.threads = cmd.threads;
  options.api.solves =
      cmd.solves > 0 ? cmd.solves : std::max(1u, std::thread::hardware_concurrency());
  options.api.queue = cmd.queue_given ? cmd.queue : 2 * options.api.solves;
  options.api.max_states = cmd.max_states;
  // Not the user's input but the installation or the machine (no page, a port taken): 1.
  if (Status ok = server::serve(options); !ok) {
    std::cerr << "catmouse: " << ok.error().to_string() << "\n";
    throw ExitCode{1};
  }
}

void add_serve(CLI::App& app) {
  auto cmd = std::make_shared<ServeCommand>();
  CLI::App* sub = app.add_subcommand(
      "serve", "Serve the web page: see and play games in a browser (docs/server.md)");
  sub->add_option("GRAPH", cmd->graphs,
                  "boards to offer besides the examples (any input format); the first is "
                  "opened by the address printed");
  sub->add_option("--host", cmd->host,
                  "the address to listen on (default: 127.0.0.1, this "
                  "machine only)");
  sub->add_option("--port", cmd->port, "the port (default: 8913; 0: a free one)")
      ->check(CLI::Range(0, 65535));
  sub->add_option("--memory", cmd->memory,
                  "memory for the solved games kept and the solves under way (e.g. 2G; "
                  "default: the available physical memory); a game needing more is refused");
  sub->add_option("--threads", cmd->threads,
                  fmt::format("worker threads of each solve, at most {} (default: one per "
                              "hardware thread)",
                              kMaxThreads))
      ->check(CLI::Range(0u, kMaxThreads));
  sub->add_option("--solves", cmd->solves,
                  "games solved at once (default: one per hardware thread)")
      ->check(CLI::Range(1u, 1024u));
  sub->add_option_function<unsigned>(
         "--queue",
         [cmd](unsigned queue) {
           cmd->queue = queue;
           cmd->queue_given = true;
         },
         "games waiting for a solve, beyond which the server answers 503 (default: twice "
         "--solves)")
      ->check(CLI::Range(0u, 100000u));
  sub->add_option(
      "--max-states", cmd->max_states,
      fmt::format("the most positions of a game the server solves (default: {})", cmd->max_states));
  set_help_footer(
      *sub,
      "Prints 'listening on http://HOST:PORT/' once ready, and serves until interrupted\n"
      "(Ctrl-C, SIGTERM). The page and the examples come from share/catmouse beside the\n"
      "program's folder.",
      {"catmouse serve                      # then open http://127.0.0.1:8913/",
       "catmouse serve --port 0 my_graph.json"});
  sub->callback([cmd] { run(*cmd); });
}

}  // namespace

}  // namespace catmouse::cli

int main(int argc, char** argv) {
  CLI::App app{"catmouse serve: the web page of catmouse"};
  app.require_subcommand(1);
  catmouse::cli::add_serve(app);
  return catmouse::cli::run_program(app, argc, argv);
}
