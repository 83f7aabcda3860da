#include "common.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <tuple>

#include "catmouse/io/atomic_file.hpp"
#include "catmouse/io/limits.hpp"

namespace catmouse::cli {

namespace {

// Closes a file descriptor that read_input() opened, however it leaves.
class OpenedFile {
 public:
  explicit OpenedFile(int fd) : fd_(fd) {}
  OpenedFile(const OpenedFile&) = delete;
  OpenedFile& operator=(const OpenedFile&) = delete;
  ~OpenedFile() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  int fd_;
};

[[noreturn]] void input_too_long(const std::string& name, std::uint64_t memory_limit) {
  Error error = check_input_size(UINT64_MAX, memory_limit).error();
  error.where.source = name;
  throw_read_error(error);
}

}  // namespace

void check_input_piece(const std::string& name, std::string_view piece, std::uint64_t offset,
                       std::uint64_t memory_limit) {
  if (const void* nul = std::memchr(piece.data(), '\0', piece.size())) {
    const auto at =
        offset + static_cast<std::uint64_t>(static_cast<const char*>(nul) - piece.data());
    throw InputError(fmt::format(
        "{}: byte {} is NUL: binary data, not text (catmouse reads LeetCode JSON, edge lists, "
        "graph6 and grid maps)",
        name, at + 1));
  }
  const std::uint64_t most = memory_limit == 0 ? UINT64_MAX : max_input_bytes(memory_limit);
  if (offset > most || piece.size() > most - offset) input_too_long(name, memory_limit);
}

std::string read_input(const std::string& path, std::uint64_t memory_limit) {
  const bool standard_input = path == "-";
  const std::string name = standard_input ? "<stdin>" : path;
  int fd = STDIN_FILENO;
  if (!standard_input) {
    do {
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  }
  const OpenedFile closer(standard_input ? -1 : fd);
  const std::uint64_t most = memory_limit == 0 ? UINT64_MAX : max_input_bytes(memory_limit);
  std::string text;
  struct stat status {};
  if (::fstat(fd, &status) == 0) {
    if (S_ISDIR(status.st_mode)) throw InputError(fmt::format("{}: is a directory", name));
    if (S_ISREG(status.st_mode)) {
      // Refused before reading a byte; else read in one allocation.
      if (static_cast<std::uint64_t>(status.st_size) > most) input_too_long(name, memory_limit);
      text.reserve(static_cast<std::size_t>(status.st_size));
    }
  }
  // Read in pieces, so that a pipe or a device (no size known) stops at the bound.
  char piece[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, piece, sizeof piece);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError(fmt::format("{}: read error: {}", name, std::strerror(errno)));
    if (got == 0) break;
    check_input_piece(name, std::string_view(piece, static_cast<std::size_t>(got)), text.size(),
                      memory_limit);
    text.append(piece, static_cast<std::size_t>(got));
  }
  return text;
}

void GraphInput::add_to(CLI::App& app, bool required) {
  auto* option = app.add_option(
      "GRAPH", path, "graph file: LeetCode JSON adjacency lists or an edge list; '-' reads stdin");
  if (required) option->required();
  app.add_option("--format", format,
                 "input format: leetcode, edges, graph6, or grid (a LeetCode 1728 map); default: "
                 "from the file suffix or content")
      ->check(CLI::IsMember({"leetcode", "edges", "graph6", "grid"}));
  app.add_flag("--directed", directed,
               "read an edge list's lines \"u v\" as one-way arcs u -> v (edge lists only)");
}

ReadOptions GraphInput::read_options() const {
  ReadOptions options;
  if (!format.empty()) options.format = take(parse_input_format(format));
  options.directed = directed;
  options.memory_limit = engine != nullptr ? engine->memory_limit() : 0;
  return options;
}

std::string GraphInput::read() const {
  return read_input(path, engine != nullptr ? engine->memory_limit() : 0);
}

void throw_read_error(const Error& error) {
  if (error.where.field == ErrorField::kDirected) {
    throw InputError(fmt::format("--directed: {}", error.message));
  }
  if (is_out_of_memory(error)) {
    Error located = error;
    located.where.field = ErrorField::kNone;
    throw ResourceError(located.to_string());
  }
  if (error.where.field == ErrorField::kMemoryLimit) {
    Error located = error;
    located.where.field = ErrorField::kNone;
    located.message += " (see --memory)";
    throw InputError(located);
  }
  throw InputError(error);
}

GameSpec GraphInput::load() const {
  const std::string text = read();
  return take_read(read_game(text, source(), read_options()));
}

void StateOptions::add_to(CLI::App& app) {
  app.add_option("--mouse", mouse, "the mouse's node (default: the mouse start, 1)");
  cat_option_ =
      app.add_option("--cat", cat,
                     "the cat's node (default: the cat start, 2); with --cats K, one per cat, "
                     "comma-separated")
          ->type_name("NODE[,NODE...]");
  app.add_option("--turn", turn, "who is to move (default: mouse)")
      ->check(CLI::IsMember({"mouse", "cat"}));
}

Position StateOptions::resolve(const Rules& rules) const {
  Position p = start_position(rules);
  if (!turn.empty()) p.turn = turn == "cat" ? Side::kCat : Side::kMouse;
  return p;
}

std::vector<std::int64_t> StateOptions::cat_nodes() const {
  std::vector<std::int64_t> nodes = node_list(cat, "--cat");
  if (nodes.empty()) {
    throw InputError("--cat: no node given; give the cat's node, or one per cat (e.g. --cat 2,5)");
  }
  return nodes;
}

std::vector<std::int64_t> node_list(const std::string& text, const char* option) {
  std::vector<std::int64_t> out;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    std::int64_t id = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size()) {
      throw InputError(fmt::format("{}: '{}' is not a node id", option, item));
    }
    out.push_back(id);
    begin = end + 1;
  }
  return out;
}

void RulesOptions::add_to(CLI::App& app) {
  auto keep = [&](const char* name, CLI::Option* option) { given_.emplace_back(name, option); };
  keep("holes", app.add_option("--holes", holes,
                               "the holes, comma-separated (default: 0); none: --holes ''"));
  keep("cat-forbidden",
       app.add_option("--cat-forbidden", cat_forbidden,
                      "nodes the cat may not enter, comma-separated (default: the holes); none: "
                      "--cat-forbidden ''"));
  keep("first", app.add_option("--first", first, "who moves first (default: mouse)")
                    ->check(CLI::IsMember({"mouse", "cat"})));
  keep("stuck", app.add_option("--stuck", stuck,
                               "what happens to a player with no legal move: lose (default) or "
                               "draw")
                    ->check(CLI::IsMember({"lose", "draw"})));
  keep("mouse-stays",
       app.add_flag("--mouse-stays", mouse_stays, "the mouse may stay where it is as its move"));
  keep("cat-stays",
       app.add_flag("--cat-stays", cat_stays, "the cat may stay where it is as its move"));
  keep("cat-wins-in-hole",
       app.add_flag("--cat-wins-in-hole", cat_wins_in_hole,
                    "the cat wins on reaching a hole first (LeetCode 1728's food; use with "
                    "--cat-forbidden)"));
  keep("move-limit", app.add_option("--move-limit", move_limit,
                                    "the game ends after this many moves (plies); 0: no limit")
                         ->type_name("N"));
  keep("limit-outcome", app.add_option("--limit-outcome", limit_outcome,
                                       "the result at the move limit: draw (default) or cat")
                            ->check(CLI::IsMember({"draw", "cat"})));
  keep("cats", app.add_option("--cats", cats, "the number of cats, moving together (default: 1)")
                   ->type_name("K"));
}

bool RulesOptions::given(const std::string& name) const {
  for (const auto& [option_name, option] : given_) {
    if (option_name == name) return option->count() > 0;
  }
  return false;
}

bool RulesOptions::any_given() const {
  return std::any_of(given_.begin(), given_.end(),
                     [](const auto& option) { return option.second->count() > 0; });
}

void RulesOptions::apply(GameSpec& spec, const StateOptions& from) const {
  const Graph& graph = spec.graph;
  const std::int64_t n = graph.node_count();
  auto nodes = [&](const std::vector<std::int64_t>& ids, const char* option) {
    std::vector<NodeId> out;
    for (std::int64_t id : ids) {
      if (id < 0 || id >= n) {
        throw InputError(
            fmt::format("{}: node {} is out of range (nodes are 0..{})", option, id, n - 1));
      }
      out.push_back(static_cast<NodeId>(id));
    }
    return out;
  };
  // Whether the file set rules of its own (a grid map, or a "rules" object): then a rule at
  // fault that no option touched came from the file.
  const bool has_rules = spec.grid.has_value() || !(spec.rules == Rules{});
  Rules& rules = spec.rules;
  if (given("holes")) rules.holes = nodes(node_list(holes, "--holes"), "--holes");
  if (given("cat-forbidden")) {
    rules.cat_forbidden = nodes(node_list(cat_forbidden, "--cat-forbidden"), "--cat-forbidden");
  }
  if (given("first")) rules.first = first == "cat" ? Side::kCat : Side::kMouse;
  if (given("stuck")) rules.stuck = stuck == "draw" ? StuckRule::kDraw : StuckRule::kLose;
  if (given("mouse-stays")) rules.mouse_stays = mouse_stays;
  if (given("cat-stays")) rules.cat_stays = cat_stays;
  if (given("cat-wins-in-hole")) rules.cat_wins_in_hole = cat_wins_in_hole;
  if (given("move-limit")) rules.move_limit = move_limit;
  if (given("limit-outcome")) {
    rules.limit_outcome = limit_outcome == "cat" ? LimitOutcome::kCatWin : LimitOutcome::kDraw;
  }
  if (given("cats")) {
    if (cats < 1 || cats > 64) {
      throw InputError(fmt::format("--cats: {} cats; give 1 to 64", cats));
    }
    rules.cats = static_cast<std::uint32_t>(cats);
  }
  if (from.mouse) rules.mouse_start = nodes({*from.mouse}, "--mouse")[0];
  if (from.cat_given()) {
    const std::vector<NodeId> cats_at = nodes(from.cat_nodes(), "--cat");
    if (given("cats") && cats_at.size() != rules.cats) {
      throw InputError(
          fmt::format("--cat: {} start{} for {} cats; give one per cat (or leave "
                      "--cat out: every cat starts on the cat start)",
                      cats_at.size(), cats_at.size() == 1 ? "" : "s", rules.cats));
    }
    rules.cat_start = cats_at[0];
    rules.cat_starts.clear();
    if (cats_at.size() > 1) rules.cat_starts = cats_at;
    if (!given("cats") && cats_at.size() > 1)
      rules.cats = static_cast<std::uint32_t>(cats_at.size());
  }
  if (Status ok = spec.validate(); !ok) {
    // Each rule's field, the option that sets it and the option's name for given() (none for the
    // starts, which the checks below decide).
    static const std::tuple<ErrorField, const char*, const char*> kOptions[] = {
        {ErrorField::kHoles, "--holes", "holes"},
        {ErrorField::kCatForbidden, "--cat-forbidden", "cat-forbidden"},
        {ErrorField::kMouseStart, "--mouse", nullptr},
        {ErrorField::kCatStart, "--cat", nullptr},
        {ErrorField::kCats, "--cats", "cats"},
        {ErrorField::kMoveLimit, "--move-limit", "move-limit"}};
    Error error = ok.error();
    const ErrorField field = error.where.field;
    bool given_option = false;
    for (const auto& [rule, option, name] : kOptions) {
      if (rule == field && name != nullptr) given_option = given(name);
    }
    const bool from_options =
        !has_rules || (field == ErrorField::kMouseStart && (from.mouse || given("holes"))) ||
        (field == ErrorField::kCatStart && (from.cat_given() || given("cat-forbidden"))) ||
        given_option;
    for (const auto& [rule, option, name] : kOptions) {
      if (field == rule && from_options) error.where.label = option;
    }
    // Otherwise the rule came from the file (its "rules" object, or a grid map).
    if (!from_options) error.where.source = spec.source;
    throw InputError(error);
  }
}

InputError solve_error(const Error& error, const std::string& source, bool values_only_option) {
  static const std::pair<ErrorField, const char*> kOptions[] = {
      {ErrorField::kMemoryLimit, "--memory"}, {ErrorField::kValuesOnly, "--values-only"},
      {ErrorField::kEngine, "--engine"},      {ErrorField::kThreads, "--threads"},
      {ErrorField::kCats, "--cats"},          {ErrorField::kCops, "--cops"}};
  const std::string prefix = source.empty() ? "" : source + ": ";
  if (is_out_of_memory(error) || error.where.field == ErrorField::kResources) {
    throw ResourceError(prefix + error.message);
  }
  if (error.where.field == ErrorField::kMemoryLimit) {
    // The library says whether values only would fit; a command without --values-only cannot
    // take the advice, so it is not given.
    std::string message = error.message;
    if (!values_only_option) {
      for (const char* hint : {"; values only", "; even values only"}) {
        if (const std::size_t at = message.find(hint); at != std::string::npos) message.resize(at);
      }
    }
    const bool hint = message.find("values only") != std::string::npos;
    return InputError(
        fmt::format("{}{} (see --memory{})", prefix, message, hint ? ", --values-only" : ""));
  }
  for (const auto& [field, option] : kOptions) {
    if (error.where.field == field) return InputError(fmt::format("{}: {}", option, error.message));
  }
  Error located = error;
  if (located.where.source.empty()) located.where.source = source;
  return InputError(located);
}

Solution solve_game(GameSpec spec, const EngineOptions& engine, const StateOptions& from) {
  const std::string source = spec.source;
  Result<Solution> solution = solve(std::move(spec), engine.resolve());
  if (!solution.ok()) throw solve_error(solution.error(), source, engine.allow_values_only);
  const Game& game = solution->game();
  if (game.cats() == 1) {
    const Position start = from.resolve(game);
    if (auto stuck = reachable_stuck_state(game, State{start.mouse, start.cats[0], start.turn})) {
      warn(fmt::format(
          "the {} can get stuck with no legal move, e.g. in {}; by the stuck rule it {}",
          side_name(stuck->turn), describe(*stuck),
          game.rules().stuck == StuckRule::kLose ? "loses" : "draws"));
    }
  }
  return std::move(solution).value();
}

GameSpec load_one_cat(const GraphInput& input, const RulesOptions& rules) {
  GameSpec spec = input.load();
  rules.apply(spec, StateOptions{});
  if (spec.rules.cats > 1) {
    throw InputError("--cats: this command solves one cat; 'solve' and 'explain' take more");
  }
  return spec;
}

// ---- Temporaries removed when a signal ends catmouse -----------------------------------------
// The handler may run at any moment, on any thread: it reads only these slots (lock-free atomics
// and fixed buffers) and calls only unlink(), sigaction() and raise(), which are async-signal-
// safe. The slots are the CLI's one mutable global: a signal handler has no other way in.
constexpr std::size_t kTemporarySlots = 8;
constexpr std::size_t kMaxTemporaryPath = 4096;
enum SlotState : int { kFree, kClaimed, kReady };
struct TemporarySlot {
  std::atomic<int> state{kFree};
  char path[kMaxTemporaryPath] = {};
};

namespace {

static_assert(std::atomic<int>::is_always_lock_free);
TemporarySlot temporary_slots[kTemporarySlots];

void remove_temporaries() {
  for (TemporarySlot& slot : temporary_slots) {
    if (slot.state.load() == kReady) ::unlink(slot.path);
  }
}

// Ends the process by `signal` with the default action (exit status 128 + signal in a shell).
[[noreturn]] void end_by(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  ::sigemptyset(&action.sa_mask);
  ::sigaction(signal, &action, nullptr);
  ::raise(signal);
  sigset_t unblock;
  ::sigemptyset(&unblock);
  ::sigaddset(&unblock, signal);
  ::sigprocmask(SIG_UNBLOCK, &unblock, nullptr);  // delivered here if it was blocked
  ::_exit(128 + signal);
}

extern "C" void on_ending_signal(int signal) {
  remove_temporaries();
  end_by(signal);
}

}  // namespace

TemporaryGuard::TemporaryGuard(const std::string& path) {
  if (path.size() >= kMaxTemporaryPath) return;  // cannot be kept: AtomicFile alone removes it
  for (TemporarySlot& slot : temporary_slots) {
    int expected = kFree;
    if (slot.state.compare_exchange_strong(expected, kClaimed)) {
      std::memcpy(slot.path, path.c_str(), path.size() + 1);
      slot.state.store(kReady);
      slot_ = &slot;
      return;
    }
  }
}

TemporaryGuard::~TemporaryGuard() {
  if (slot_ != nullptr) slot_->state.store(kFree);
}

namespace {

constexpr const char* kStdout = "<stdout>";

// A failed write to `name`: a reader that went away ends catmouse quietly, by SIGPIPE, whether or
// not SIGPIPE was ignored; anything else is output lost.
[[noreturn]] void write_failed(const std::string& name, int error) {
  if (error == EPIPE) {
    remove_temporaries();
    end_by(SIGPIPE);
  }
  throw ResourceError(fmt::format("{}: write error: {}", name,
                                  error != 0 ? std::strerror(error) : "unknown error"));
}

// Runs `writer` on `file`, naming `name` in a write error.
void run_writer(const std::function<void(std::FILE*)>& writer, std::FILE* file,
                const std::string& name) {
  try {
    writer(file);
  } catch (const WriteError& e) {
    write_failed(name, e.error);
  }
}

// The temporary of `path`, registered for removal on a signal before the caller writes to it.
template <class Write>
void write_atomically(const std::string& path, Write&& write) {
  Result<AtomicFile> created = AtomicFile::create(path);
  if (!created.ok()) throw InputError(created.error());  // the path itself is at fault
  // Declared before the file, so the temporary is gone before it is forgotten. A device or pipe
  // is written in place: there is no temporary, and nothing beside it to remove.
  std::optional<TemporaryGuard> guard;
  if (!created->temporary_path().empty()) guard.emplace(created->temporary_path());
  AtomicFile file = std::move(created).value();
  write(file);
  if (Status ok = file.commit(); !ok) throw ResourceError(ok.error().to_string());
}

}  // namespace

void install_signal_cleanup() {
  // Past `ulimit -f`, a write then fails with EFBIG, reported naming the file like a full disk,
  // instead of the default SIGXFSZ ending the process with a core dump and a temporary left.
  ::signal(SIGXFSZ, SIG_IGN);
  for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction previous {};
    if (::sigaction(signal, nullptr, &previous) != 0 || previous.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_ending_signal;
    ::sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
  }
}

void BufferedWriter::flush() {
  if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) {
    throw WriteError{errno};
  }
  buffer_.clear();
}

void write_output(const std::string& path, const std::function<void(std::FILE*)>& writer) {
  if (path == "-") {
    run_writer(writer, stdout, kStdout);
    if (std::fflush(stdout) != 0) write_failed(kStdout, errno);
    return;
  }
  write_atomically(path, [&](AtomicFile& file) { run_writer(writer, file.stream(), path); });
}

void write_output(const std::string& path, std::string_view text) {
  if (path == "-") return print(text);
  write_atomically(path, [&](AtomicFile& file) {
    if (Status ok = file.write(text); !ok) throw ResourceError(ok.error().to_string());
  });
}

void print(std::string_view text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    write_failed(kStdout, errno);
  }
}

void close_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) write_failed(kStdout, errno);
  errno = 0;
  if (std::fclose(stdout) != 0) write_failed(kStdout, errno);
}

void warn(const std::string& text) {
  std::cerr << "catmouse: warning: " << text << "\n";
}

}  // namespace catmouse::cli
