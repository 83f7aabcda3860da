#include "catmouse/io/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <utility>

namespace catmouse {

namespace {

Error file_error(const std::string& path, const char* what, int error) {
  Error e{fmt::format("{}: {}", what, std::strerror(error)), {}, write_failure_kind(error)};
  e.where.source = path;
  return e;
}

// Bytes that did not reach the open file (ErrorKind::kOutputLost).
Error write_error(const std::string& path, int error) {
  Error e = file_error(path, "write error", error);
  e.kind = ErrorKind::kOutputLost;
  return e;
}

// The folder holding `path`, to sync after the rename.
std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// As many links as Linux follows before ELOOP.
constexpr int kMaxLinks = 40;

Error refused(const std::string& path, const char* what) {
  Error e{fmt::format("{}; give a file name, a character device or a pipe", what), {}};
  e.where.source = path;
  return e;
}

// Whether `path` names an open file descriptor (/dev/stdout leads to /proc/self/fd/1).
bool is_descriptor(const std::string& path) {
  return path.starts_with("/proc/") || path.starts_with("/dev/fd/");
}

// The final target of the link chain starting at `path` (which may not exist yet);
// `through_descriptor` tells whether the chain passed through an open file descriptor.
Result<std::string> follow_links(const std::string& path, bool& through_descriptor) {
  std::string current = path;
  for (int hops = 0; hops <= kMaxLinks; ++hops) {
    through_descriptor = through_descriptor || is_descriptor(current);
    struct stat status {};
    if (::lstat(current.c_str(), &status) != 0) {
      if (errno == ENOENT) return current;
      return file_error(path, "cannot write", errno);
    }
    if (!S_ISLNK(status.st_mode)) return current;
    std::string link(static_cast<std::size_t>(status.st_size) + 256, '\0');
    const ssize_t n = ::readlink(current.c_str(), link.data(), link.size());
    if (n < 0) return file_error(path, "cannot read the link", errno);
    link.resize(static_cast<std::size_t>(n));
    // A relative link is relative to the folder holding it.
    const std::size_t slash = current.rfind('/');
    if (link.starts_with('/') || slash == std::string::npos) {
      current = std::move(link);
    } else {
      current.resize(slash + 1);
      current += link;
    }
  }
  return file_error(path, "cannot write", ELOOP);
}

// A Unix stream socket someone listens on, connected and opened for writing: a socket node
// cannot be opened like a file (ENXIO). Only a stream carries a file's bytes as they are (packets
// and datagrams would cut them where the writes fall), so a socket of another kind is refused,
// as is one nobody listens on; both errors name the path. The node itself is never touched.
Result<std::FILE*> connect_socket(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) {
    Error e{fmt::format("cannot connect to the socket: its path is longer than {} bytes",
                        sizeof address.sun_path - 1),
            {}};
    e.where.source = path;
    return e;
  }
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return file_error(path, "cannot write", errno);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
    if (std::FILE* file = ::fdopen(fd, "wb")) return file;
  }
  const int error = errno;
  ::close(fd);
  const char* why = error == ECONNREFUSED ? "nothing listens on the socket"
                    : error == EPROTOTYPE ? "not a stream socket"
                                          : nullptr;
  if (why == nullptr) return file_error(path, "cannot connect to the socket", error);
  Error e{fmt::format("cannot write: {} ({})", why, std::strerror(error)), {}};
  e.where.source = path;
  return e;
}

// The kind of file `path` leads to (0 when it cannot be told).
mode_t kind_of(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 ? status.st_mode & S_IFMT : 0;
}

// A FIFO opened for writing. A blocking open would wait, silent and deaf to everything but a
// signal, until a reader comes; opened without blocking, it fails with ENXIO while nobody reads,
// and is tried again every 10 ms, so that the caller hears of the wait and can give it up. The
// descriptor then blocks as any pipe's does.
Result<std::FILE*> open_fifo(const std::string& path, const PeerWait& wait) {
  const auto started = std::chrono::steady_clock::now();
  bool told = false;
  for (;;) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        const int error = errno;
        ::close(fd);
        return file_error(path, "cannot write", error);
      }
      if (std::FILE* file = ::fdopen(fd, "ab")) return file;
      const int error = errno;
      ::close(fd);
      return file_error(path, "cannot write", error);
    }
    if (errno == EINTR) continue;
    if (errno != ENXIO) return file_error(path, "cannot write", errno);
    if (wait.cancelled && wait.cancelled()) {
      Error e{"cannot write: gave up waiting for a reader of the pipe", {}};
      e.where.source = path;
      return e;
    }
    if (!told && std::chrono::steady_clock::now() - started >= wait.notice_after) {
      told = true;
      if (wait.waiting) wait.waiting(path);
    }
    const timespec pause{0, 10'000'000};
    ::nanosleep(&pause, nullptr);
  }
}

}  // namespace

Result<OutputTarget> resolve_output(const std::string& path) {
  struct stat status {};
  // stat() follows links, so /dev/stdout is seen as the pipe or terminal it ends at.
  if (::stat(path.c_str(), &status) == 0) {
    if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode)) {
      return OutputTarget{path, OutputKind::kStream};
    }
    if (S_ISDIR(status.st_mode)) return refused(path, "is a directory");
    if (!S_ISREG(status.st_mode)) return refused(path, "is not a regular file");
  } else if (errno != ENOENT) {
    return file_error(path, "cannot write", errno);
  }
  // Missing or regular: replaced whole, at the end of any chain of links.
  bool through_descriptor = false;
  Result<std::string> target = follow_links(path, through_descriptor);
  if (!target.ok()) return target.error();
  // A file the shell opened (/dev/stdout redirected with > or >>) is written through the open
  // descriptor, appended: a rename would lose what `>>` kept.
  if (through_descriptor) return OutputTarget{path, OutputKind::kStream};
  return OutputTarget{std::move(target).value(), OutputKind::kReplace};
}

ErrorKind write_failure_kind(int error) {
  const bool lost = error == ENOSPC || error == EDQUOT || error == EFBIG || error == EIO;
  return lost ? ErrorKind::kOutputLost : ErrorKind::kBadInput;
}

std::string temporary_path_of(const OutputTarget& target) {
  return target.path + ".partial";
}

Result<AtomicFile> AtomicFile::create(std::string path, const PeerWait& wait) {
  Result<OutputTarget> target = resolve_output(path);
  if (!target.ok()) return target.error();
  if (target->kind == OutputKind::kStream) {
    std::FILE* file = nullptr;
    const mode_t kind = kind_of(path);
    if (kind == S_IFSOCK || kind == S_IFIFO) {
      Result<std::FILE*> opened = kind == S_IFSOCK ? connect_socket(path) : open_fifo(path, wait);
      if (!opened.ok()) return opened.error();
      file = *opened;
    } else {
      // Appending: the same as writing for a device or pipe, and keeps what `>>` kept.
      file = std::fopen(path.c_str(), "ab");
      if (file == nullptr) return file_error(path, "cannot write", errno);
    }
    std::string written = target->path;
    return AtomicFile(std::move(path), std::move(written), {}, file);
  }
  std::string temporary = temporary_path_of(*target);
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) return file_error(path, "cannot write", errno);
  return AtomicFile(std::move(path), std::move(target->path), std::move(temporary), file);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)),
      target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      file_(std::exchange(other.file_, nullptr)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    path_ = std::move(other.path_);
    target_ = std::move(other.target_);
    temporary_ = std::move(other.temporary_);
    file_ = std::exchange(other.file_, nullptr);
  }
  return *this;
}

AtomicFile::~AtomicFile() {
  discard();
}

namespace {
Error closed_error(const std::string& path) {
  Location where;
  where.source = path;
  return Error{"the file is closed", where, ErrorKind::kInternal};
}
}  // namespace

void AtomicFile::discard() {
  if (file_ == nullptr) return;
  std::fclose(file_);
  file_ = nullptr;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

Status AtomicFile::write(std::string_view bytes) {
  if (file_ == nullptr) return closed_error(path_);
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    const int error = errno;
    discard();
    return write_error(path_, error);
  }
  return {};
}

Status AtomicFile::commit() {
  if (file_ == nullptr) return closed_error(path_);
  if (temporary_.empty()) {
    // A device or pipe: nothing to sync or rename, but a full device fails the flush.
    const bool flushed = std::fflush(file_) == 0 && std::ferror(file_) == 0;
    const int error = errno;
    const bool closed = std::fclose(std::exchange(file_, nullptr)) == 0;
    if (!flushed || !closed) return write_error(path_, flushed ? errno : error);
    return {};
  }
  if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0 || std::ferror(file_)) {
    const int error = errno;
    discard();
    return write_error(path_, error);
  }
  if (std::fclose(std::exchange(file_, nullptr)) != 0) {
    const int error = errno;
    ::unlink(temporary_.c_str());
    return write_error(path_, error);
  }
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary_.c_str());
    return file_error(path_, "cannot write", error);
  }
  // The rename is durable once the folder's entry is on disk too.
  const int folder = ::open(folder_of(target_).c_str(), O_RDONLY | O_DIRECTORY);
  if (folder >= 0) {
    ::fsync(folder);
    ::close(folder);
  }
  return {};
}

Status write_file_atomically(const std::string& path, std::string_view bytes,
                             const PeerWait& wait) {
  Result<AtomicFile> file = AtomicFile::create(path, wait);
  if (!file.ok()) return file.error();
  if (Status ok = file->write(bytes); !ok) return ok;
  return file->commit();
}

}  // namespace catmouse
