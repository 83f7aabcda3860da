// catmouse-mpi: catmouse's solve and cop-number census over the processes of an MPI run
// (docs/distributed.md). Every process parses the same command line and runs the same subcommand;
// process 0 alone writes to stdout and stderr. A failure on any process ends every process with
// one message and the same exit code: 2 bad input or usage, 1 resources or internal. Run it under
// mpirun: mpirun -np 4 catmouse-mpi solve big.json
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "catmouse/version.hpp"
#include "front.hpp"
#include "mpi/communicator.hpp"

namespace catmouse::mpi_cli {
void add_solve_command(CLI::App& app, const mpi::Communicator& comm);
void add_copnumber_command(CLI::App& app, const mpi::Communicator& comm);
void add_census_command(CLI::App& app, const mpi::Communicator& comm);
}  // namespace catmouse::mpi_cli

namespace {

// ---- A message when a signal stops the run -------------------------------------------------
// mpirun passes SIGINT and SIGTERM on to every process as SIGTERM, then sends SIGKILL a second
// later, or as soon as one process has ended: the first death cuts the second short. The CLI's
// handler (install_signal_cleanup) removes the temporaries and ends the process by the signal;
// this one, run before it, has process 0 say so first, and has the other processes on process
// 0's machine wait for it to end first: process 0 alone holds what a signal must clean up (the
// ".partial" file of --save, the message), and the SIGKILL that another's death would bring at
// once could otherwise reach it before its handler ran. Only async-signal-safe calls: write(),
// kill(), nanosleep().
volatile std::sig_atomic_t message_rank = -1;
// Process 0's id when this is another process on its machine, else 0 (nothing to wait for).
volatile std::sig_atomic_t process_zero_pid = 0;
// How long another process waits for process 0 at most (a signal that process 0 never got).
constexpr int kZeroWaitSteps = 200;
constexpr long kZeroWaitStepNanoseconds = 10'000'000;  // 10 ms, 2 s in all
// Hidden --stop-delay MS, for the tests: process 0 handles a stop signal MS ms late, as on a busy
// machine where it is not scheduled at once.
volatile std::sig_atomic_t stop_delay_ms = 0;
struct sigaction cleanup_actions[3];
constexpr int kStopSignals[3] = {SIGINT, SIGTERM, SIGHUP};

void wait_for_process_zero() {
  const auto zero = static_cast<pid_t>(process_zero_pid);
  if (zero <= 0) return;
  for (int step = 0; step < kZeroWaitSteps && ::kill(zero, 0) == 0; ++step) {
    struct timespec pause {
      0, kZeroWaitStepNanoseconds
    };
    ::nanosleep(&pause, nullptr);
  }
}

extern "C" void on_stop_signal(int signal) {
  for (int i = 0; i < 3; ++i) {
    if (kStopSignals[i] != signal) continue;
    if (message_rank == 0) {
      if (stop_delay_ms > 0) {
        struct timespec delay {
          stop_delay_ms / 1000, (stop_delay_ms % 1000) * 1'000'000L
        };
        ::nanosleep(&delay, nullptr);
      }
      const char* text = signal == SIGINT    ? "catmouse-mpi: stopped by SIGINT\n"
                         : signal == SIGTERM ? "catmouse-mpi: stopped by SIGTERM\n"
                                             : "catmouse-mpi: stopped by SIGHUP\n";
      [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, text, std::strlen(text));
    } else {
      wait_for_process_zero();
    }
    cleanup_actions[i].sa_handler(signal);
  }
}

// Process 0's id, recorded by the other processes on its machine (same host name) for
// wait_for_process_zero(). Collective.
void find_process_zero(const catmouse::mpi::Communicator& comm) {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  const std::string host(name);
  std::string zero = comm.rank() == 0 ? host + " " + std::to_string(::getpid()) : std::string();
  comm.broadcast(zero, 0);
  if (comm.rank() == 0 || !zero.starts_with(host + " ")) return;
  process_zero_pid = static_cast<std::sig_atomic_t>(std::stol(zero.substr(host.size() + 1)));
}

// Puts on_stop_signal() in front of the CLI's handlers (where they are: an ignored signal stays
// ignored).
void install_stop_message(int rank) {
  message_rank = rank;
  for (int i = 0; i < 3; ++i) {
    struct sigaction current {};
    if (::sigaction(kStopSignals[i], nullptr, &current) != 0) continue;
    if (current.sa_handler == SIG_IGN || current.sa_handler == SIG_DFL) continue;
    cleanup_actions[i] = current;
    struct sigaction action = current;
    action.sa_handler = on_stop_signal;
    ::sigaction(kStopSignals[i], &action, nullptr);
  }
}

// Process 0's message; the others keep quiet, having the same error.
void say(const catmouse::mpi::Communicator& comm, const std::string& text) {
  message_rank = -1;  // the run is over: no "stopped by" after this message
  if (comm.rank() == 0) std::cerr << "catmouse-mpi: " << text << "\n";
  // Every process has the error: none exits before process 0 has said it, or mpirun, seeing a
  // process end with an error, could stop process 0 before its message.
  std::cerr.flush();
  (void)comm.agree(catmouse::Status{});
}

int run(CLI::App& app, const catmouse::mpi::Communicator& comm, int argc, char** argv) {
  try {
    app.parse(argc, argv);  // subcommand callbacks run inside parse
  } catch (const CLI::ParseError& e) {
    // Every process parsed the same line: the same outcome everywhere.
    if (e.get_exit_code() == 0) return comm.rank() == 0 ? app.exit(e) : 0;  // --help, --version
    say(comm, std::string(e.what()) + "\nRun 'catmouse-mpi SUBCOMMAND --help' for usage.");
    return 2;
  } catch (const catmouse::mpi_cli::AgreedError& e) {
    say(comm, e.what());
    return e.code();
  } catch (const catmouse::cli::InputError& e) {
    // Thrown outside agreed() only by checks of the command line or of the input every process
    // shares (--memory zz, --mouse past the board): every process throws it alike.
    say(comm, e.what());
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  catmouse::mpi::Session session(argc, argv);
  const catmouse::mpi::Communicator comm;
  find_process_zero(comm);
  catmouse::cli::install_signal_cleanup();
  install_stop_message(comm.rank());
  CLI::App app{
      "catmouse-mpi: catmouse's exact solve and cop-number census over the processes of an MPI\n"
      "run (mpirun -np K catmouse-mpi ...). The answers are catmouse's, for any K."};
  app.set_version_flag("--version", std::string("catmouse-mpi ") + catmouse::kVersion);
  app.require_subcommand(1);
  app.add_option_function<int>("--stop-delay", [](int ms) { stop_delay_ms = ms; })->group("");
  catmouse::mpi_cli::add_solve_command(app, comm);
  catmouse::mpi_cli::add_copnumber_command(app, comm);
  catmouse::mpi_cli::add_census_command(app, comm);
  try {
    const int code = run(app, comm, argc, argv);
    // The run is over: mpirun's SIGTERM to a process still exiting, when another exited first
    // with an error, must not add "stopped by" to the message already given.
    message_rank = -1;
    catmouse::cli::close_stdout();
    return code;
  } catch (const catmouse::cli::ResourceError& e) {
    // Only process 0 writes: a lost output is its alone, after the collective work is over.
    std::cerr << "catmouse-mpi: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    // Only this process may know: the others may be waiting for it in a collective call.
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": out of memory\n";
    comm.abort(1);
  } catch (const std::exception& e) {
    std::cerr << "catmouse-mpi: process " << comm.rank() << ": internal error: " << e.what()
              << "\n";
    comm.abort(1);
  }
}
