// Writing a program's output: stdout and files, every write checked. A write error is a
// ResourceError naming the file or stdout, and a reader that went away (EPIPE) ends the program
// quietly by SIGPIPE, as it ends other Unix tools. Output is built in memory and written only
// once everything succeeded, so no command prints a partial result.
#pragma once

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "catmouse/io/atomic_file.hpp"

namespace catmouse::cli {

// Writes an output file through `writer`: "-" is stdout; a file goes through io/atomic_file.hpp
// (written beside the target and renamed at the end, so a failure never leaves half a file) and
// its temporary is removed if SIGINT, SIGTERM, SIGHUP or SIGPIPE ends the program meanwhile. A
// FIFO nobody reads yet is waited for (fifo_wait("reader")). A write error (the writer's, through
// BufferedWriter, or the commit's) throws ResourceError naming the file, or "<stdout>"; a path
// that cannot be written (a directory, a missing folder) throws InputError naming it. Every file
// the programs write goes through here.
void write_output(const std::string& path, const std::function<void(std::FILE*)>& writer);
// The same for text already built.
void write_output(const std::string& path, std::string_view text);

// A failed write to `file` inside write_output(), which names the file: the errno value.
struct WriteError {
  int error;
};

// Collects formatted text and writes it to a file in large pieces.
class BufferedWriter {
 public:
  explicit BufferedWriter(std::FILE* file) : file_(file) {}
  fmt::memory_buffer& buffer() { return buffer_; }
  void flush_if_full() {
    if (buffer_.size() > (1u << 20)) flush();
  }
  void flush();  // throws WriteError, which write_output() reports naming the file

 private:
  std::FILE* file_;
  fmt::memory_buffer buffer_;
};

// Writes `text` to stdout in one piece and flushes it; a write error throws ResourceError.
void print(std::string_view text);
// Flushes and closes stdout at the end of a run, for what print() could not see (output of
// CLI11's --help, an error noticed only on close); throws ResourceError as print() does.
void close_stdout();
// Writes "catmouse: warning: <text>" to stderr.
void warn(const std::string& text);

// How the programs wait for the other end of a FIFO (`peer`: "reader" or "writer"): without end,
// saying "catmouse: waiting for a <peer> on PATH" on stderr once a second has passed; SIGINT and
// SIGTERM end the wait as they end the program (install_signal_cleanup()).
PeerWait fifo_wait(const char* peer);

// Removes the temporaries of files being written (and the scratch folders that hold some) when
// SIGINT, SIGTERM, SIGHUP or SIGPIPE ends the program, then ends it by that signal (exit status
// 128 + the signal's number), and makes
// EPIPE on stdout end it by SIGPIPE. Signals ignored when the program started stay ignored.
// SIGXFSZ is ignored, so that a write past `ulimit -f` is a write error naming the file.
// run_program() calls it once.
void install_signal_cleanup();
// While one lives, SIGINT, SIGTERM and SIGHUP do not end the program at once: the first one is
// recorded, so that a command can stop cleanly (its children stopped, its files left as they
// should be) and then end by it. A second one ends the program at once, as without it.
class DeferredStop {
 public:
  DeferredStop();
  ~DeferredStop();
  DeferredStop(const DeferredStop&) = delete;
  DeferredStop& operator=(const DeferredStop&) = delete;
  // Whether a signal came.
  bool requested() const;
  // Ends the program by the signal that came (the temporaries removed first).
  [[noreturn]] void end() const;
};
// Holds back SIGINT, SIGTERM, SIGHUP and SIGPIPE on the calling thread while it lives, so that a
// temporary can be made and given to a TemporaryGuard before one of them can end the program
// between the two (a signal that came meanwhile is delivered when it goes). For the main thread,
// before other threads start: a signal sent to the process may go to any thread that takes it.
class EndingSignalsHeld {
 public:
  EndingSignalsHeld();
  EndingSignalsHeld(const EndingSignalsHeld&) = delete;
  EndingSignalsHeld& operator=(const EndingSignalsHeld&) = delete;
  ~EndingSignalsHeld();

 private:
  sigset_t previous_;
};

// What a TemporaryGuard keeps: a file, or a folder of files (a scratch folder), removed with the
// files in it.
enum class TemporaryKind : int { kFile, kFolder };
// Keeps `path` among what is removed when a signal ends the program (install_signal_cleanup()),
// while it lives: the temporaries of files being written, and the scratch folders some commands
// write them in.
struct TemporarySlot;
class TemporaryGuard {
 public:
  explicit TemporaryGuard(const std::string& path, TemporaryKind kind = TemporaryKind::kFile);
  TemporaryGuard(const TemporaryGuard&) = delete;
  TemporaryGuard& operator=(const TemporaryGuard&) = delete;
  ~TemporaryGuard();

 private:
  TemporarySlot* slot_ = nullptr;
};

}  // namespace catmouse::cli
