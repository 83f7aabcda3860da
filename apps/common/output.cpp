#include "output.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>

#include "catmouse/io/atomic_file.hpp"
#include "errors.hpp"

namespace catmouse::cli {

// ---- Temporaries removed when a signal ends catmouse -----------------------------------------
// The handler may run at any moment, on any thread: it reads only these slots (lock-free atomics
// and fixed buffers) and calls only unlink(), open(), unlinkat(), close(), rmdir(), sigaction()
// and raise(), which are async-signal-safe, and getdents64(), a bare system call. The slots are
// the CLI's one mutable global: a signal handler has no other way in.
constexpr std::size_t kTemporarySlots = 8;
constexpr std::size_t kMaxTemporaryPath = 4096;
enum SlotState : int { kFree, kClaimed, kReady };
struct TemporarySlot {
  std::atomic<int> state{kFree};
  TemporaryKind kind = TemporaryKind::kFile;
  char path[kMaxTemporaryPath] = {};
};

namespace {

static_assert(std::atomic<int>::is_always_lock_free);
TemporarySlot temporary_slots[kTemporarySlots];

// Removes the files of the folder `path` (a scratch folder holds files only), then the folder.
// An entry removed while the folder is listed may hide one behind it, so the listing is redone
// until the folder goes (a few times at most).
void remove_folder(const char* path) {
  for (int pass = 0; pass < 4 && ::rmdir(path) != 0 && errno == ENOTEMPTY; ++pass) {
    const int folder = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return;
    alignas(dirent64) char entries[4096];
    for (ssize_t got; (got = ::getdents64(folder, entries, sizeof entries)) > 0;) {
      for (ssize_t at = 0; at < got;) {
        const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
        const char* name = entry->d_name;
        const bool dots = name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0));
        if (!dots) ::unlinkat(folder, name, 0);
        at += entry->d_reclen;
      }
    }
    ::close(folder);
  }
}

void remove_temporaries() {
  for (const TemporaryKind kind : {TemporaryKind::kFile, TemporaryKind::kFolder}) {
    for (TemporarySlot& slot : temporary_slots) {
      if (slot.state.load() != kReady || slot.kind != kind) continue;
      if (kind == TemporaryKind::kFile) {
        ::unlink(slot.path);
      } else {
        remove_folder(slot.path);
      }
    }
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

// DeferredStop: whether one lives, and the first signal it caught (0: none yet).
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> deferring{false};
std::atomic<int> deferred_signal{0};

extern "C" void on_ending_signal(int signal) {
  int none = 0;
  if (signal != SIGPIPE && deferring.load() &&
      deferred_signal.compare_exchange_strong(none, signal))
    return;
  remove_temporaries();
  end_by(signal);
}

}  // namespace

DeferredStop::DeferredStop() {
  deferred_signal.store(0);
  deferring.store(true);
}

DeferredStop::~DeferredStop() {
  deferring.store(false);
}

bool DeferredStop::requested() const {
  return deferred_signal.load() != 0;
}

void DeferredStop::end() const {
  remove_temporaries();
  end_by(deferred_signal.load());
}

namespace {
constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
}  // namespace

EndingSignalsHeld::EndingSignalsHeld() {
  sigset_t held;
  ::sigemptyset(&held);
  for (const int signal : kEndingSignals) ::sigaddset(&held, signal);
  ::pthread_sigmask(SIG_BLOCK, &held, &previous_);
}

EndingSignalsHeld::~EndingSignalsHeld() {
  ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

TemporaryGuard::TemporaryGuard(const std::string& path, TemporaryKind kind) {
  if (path.size() >= kMaxTemporaryPath) return;  // cannot be kept: its owner alone removes it
  for (TemporarySlot& slot : temporary_slots) {
    int expected = kFree;
    if (slot.state.compare_exchange_strong(expected, kClaimed)) {
      slot.kind = kind;
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

// The temporary of `path`, registered for removal on a signal before it is made (a signal
// between the two would leave it), so before the caller writes to it.
template <class Write>
void write_atomically(const std::string& path, Write&& write) {
  Result<OutputTarget> target = resolve_output(path);
  if (!target.ok()) throw InputError(target.error());  // the path itself is at fault
  // Declared before the file, so the temporary is gone before it is forgotten. A device or pipe
  // is written in place: there is no temporary, and nothing beside it to remove.
  std::optional<TemporaryGuard> guard;
  if (target->kind == OutputKind::kReplace) guard.emplace(temporary_path_of(*target));
  Result<AtomicFile> created = AtomicFile::create(path, fifo_wait("reader"));
  if (!created.ok()) throw InputError(created.error());
  AtomicFile file = std::move(created).value();
  write(file);
  if (Status ok = file.commit(); !ok) throw ResourceError(ok.error().to_string());
}

}  // namespace

void install_signal_cleanup() {
  // Past `ulimit -f`, a write then fails with EFBIG, reported naming the file like a full disk,
  // instead of the default SIGXFSZ ending the process with a core dump and a temporary left.
  ::signal(SIGXFSZ, SIG_IGN);
  for (const int signal : kEndingSignals) {
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

PeerWait fifo_wait(const char* peer) {
  PeerWait wait;
  wait.waiting = [peer](const std::string& path) {
    std::cerr << "catmouse: waiting for a " << peer << " on " << path << std::endl;
  };
  return wait;
}

}  // namespace catmouse::cli
