// A census's state file on disk (census_state.hpp): locked, read, appended to, compacted.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <utility>
#include <vector>

#include "catmouse/io/atomic_file.hpp"
#include "census_state.hpp"

namespace catmouse::census {

namespace {

Error path_error(const std::string& path, const std::string& message) {
  Error error(message);
  error.where.source = path;
  return error;
}

// The state file's own input or output failed: not the caller's fault (ErrorKind::kOutputLost,
// ErrorField::kResources).
Error output_lost(Error e) {
  e.where.field = ErrorField::kResources;
  e.kind = ErrorKind::kOutputLost;
  return e;
}

Error write_error(const std::string& path, int error) {
  return output_lost(path_error(path, fmt::format("write error: {}", std::strerror(error))));
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// What a path names, for refusing anything but a regular file as a state file.
const char* kind_of(const struct stat& status) {
  if (S_ISDIR(status.st_mode)) return "a directory";
  if (S_ISFIFO(status.st_mode)) return "a FIFO";
  if (S_ISCHR(status.st_mode)) return "a character device";
  if (S_ISSOCK(status.st_mode)) return "a socket";
  if (S_ISBLK(status.st_mode)) return "a block device";
  return "not a regular file";
}

// The lock file beside the state file, locked, or an error naming the state file. The run that
// held it may remove it between our open and our lock: then the one now at the path is taken.
Result<int> take_lock(const std::string& lock_path, const std::string& path) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return path_error(path, fmt::format("cannot write: {}", std::strerror(errno)));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd);
      if (error == EWOULDBLOCK) return path_error(path, "in use by another run");
      return path_error(path, fmt::format("cannot lock: {}", std::strerror(error)));
    }
    struct stat held {
    }, named{};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path.c_str(), &named) == 0 &&
        held.st_ino == named.st_ino && held.st_dev == named.st_dev) {
      return fd;
    }
    ::close(fd);
  }
  return path_error(path, "in use by another run");
}

Status write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return write_error(path, errno);
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return {};
}

Result<std::string> read_span(int fd, StateReader::Span span, const std::string& path) {
  std::string line(span.size, '\0');
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t got =
        ::pread(fd, line.data() + done, line.size() - done, static_cast<off_t>(span.offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      return output_lost(path_error(
          path,
          fmt::format("read error: {}", got < 0 ? std::strerror(errno) : "the file got shorter")));
    }
    done += static_cast<std::size_t>(got);
  }
  return line;
}

// `want` and the file's header ask the same question, and come from the same catmouse and
// generator unless `resume_any`.
Status check_header(const StateHeader& have, const StateHeader& want, bool resume_any,
                    const std::string& path) {
  const Question& h = have.question;
  const Question& w = want.question;
  const auto differs = [&](const char* field, const std::string& file, const std::string& here) {
    return path_error(path, fmt::format("field {}: the state of another census ({} {}, here {}); "
                                        "give another --state",
                                        field, field, file, here));
  };
  if (h.kind != w.kind) return differs("census", kind_name(h.kind), kind_name(w.kind));
  if (h.nodes != w.nodes) return differs("nodes", std::to_string(h.nodes), std::to_string(w.nodes));
  if (h.parts != w.parts) return differs("parts", std::to_string(h.parts), std::to_string(w.parts));
  if (h.max != w.max) return differs("max", std::to_string(h.max), std::to_string(w.max));
  if (h.keep_from != w.keep_from) {
    return differs("keep_from", std::to_string(h.keep_from), std::to_string(w.keep_from));
  }
  if (h.stuck != w.stuck) {
    return differs("stuck", h.stuck == StuckRule::kDraw ? "draw" : "lose",
                   w.stuck == StuckRule::kDraw ? "draw" : "lose");
  }
  if (resume_any) return {};
  const Provenance& hp = have.provenance;
  const Provenance& wp = want.provenance;
  const auto other = [&](const char* field, const char* what, const std::string& file,
                         const std::string& here) {
    return path_error(path, fmt::format("field {}: written by {} {}, this run has {}; its parts "
                                        "may count otherwise: give --resume-any to resume it "
                                        "anyway, or another --state",
                                        field, what, quoted_text(file), quoted_text(here)));
  };
  if (hp.catmouse_version != wp.catmouse_version) {
    return other("catmouse.version", "catmouse", hp.catmouse_version, wp.catmouse_version);
  }
  if (hp.nauty != wp.nauty) return other("generator.nauty", "geng of", hp.nauty, wp.nauty);
  if (hp.generator_arguments != wp.generator_arguments) {
    return other("generator.arguments", "geng with", hp.generator_arguments,
                 wp.generator_arguments);
  }
  return {};
}

}  // namespace

StateFile::StateFile(std::string path, std::string target, int fd, int lock_fd,
                     std::string lock_path)
    : path_(std::move(path)),
      target_(std::move(target)),
      fd_(fd),
      lock_fd_(lock_fd),
      lock_path_(std::move(lock_path)),
      reader_(std::make_unique<StateReader>(path_)) {}

StateFile::StateFile(StateFile&& other) noexcept
    : path_(std::move(other.path_)),
      target_(std::move(other.target_)),
      fd_(std::exchange(other.fd_, -1)),
      lock_fd_(std::exchange(other.lock_fd_, -1)),
      lock_path_(std::move(other.lock_path_)),
      reader_(std::move(other.reader_)),
      size_(other.size_),
      lines_(other.lines_),
      last_sync_(other.last_sync_) {}

StateFile::~StateFile() {
  if (fd_ >= 0) ::close(fd_);
  if (lock_fd_ >= 0) {
    // Removed while still held, so that no run can lock the old file after we let go.
    ::unlink(lock_path_.c_str());
    ::close(lock_fd_);
  }
}

Result<StateFile> StateFile::open(const std::string& path, const StateHeader& want,
                                  bool resume_any) {
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode)) {
    return path_error(path, fmt::format("is {}: a state file is read back and appended to; give "
                                        "a file name",
                                        kind_of(status)));
  }
  Result<OutputTarget> target = resolve_output(path);
  if (!target.ok()) return target.error();
  if (target->kind != OutputKind::kReplace) {
    return path_error(path,
                      "not a regular file: a state file is read back and appended to; give "
                      "a file name");
  }
  const std::string lock_path = target->path + ".lock";
  Result<int> lock = take_lock(lock_path, path);
  if (!lock.ok()) return lock.error();
  const int fd = ::open(target->path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    const Error error = path_error(path, fmt::format("cannot write: {}", std::strerror(errno)));
    ::unlink(lock_path.c_str());
    ::close(*lock);
    return error;
  }
  StateFile file(path, target->path, fd, *lock, lock_path);
  if (Status read = file.read_all(); !read.ok()) return read.error();
  if (!file.reader_->has_header()) {
    const std::string header = header_line(want) + "\n";
    if (Status written = file.append(header); !written.ok()) return written.error();
    if (Status synced = file.sync(); !synced.ok()) return synced.error();
  }
  if (Status same = check_header(file.reader_->header(), want, resume_any, path); !same.ok())
    return same.error();
  // Kept graphs of parts never finished (a run stopped in the middle of one) would count twice
  // once the part is done again: they go, with the rest of the leftovers.
  if (!file.reader_->canonical()) {
    if (Status compacted = file.compact(); !compacted.ok()) return compacted.error();
  }
  return file;
}

Status StateFile::read_all() {
  std::string carry;
  std::uint64_t offset = 0;  // of carry's first byte
  std::vector<char> block(std::size_t{1} << 20);
  for (;;) {
    const ssize_t got = ::read(fd_, block.data(), block.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      return output_lost(path_error(path_, fmt::format("read error: {}", std::strerror(errno))));
    }
    if (got == 0) break;
    carry.append(block.data(), static_cast<std::size_t>(got));
    std::size_t begin = 0;
    for (std::size_t end; (end = carry.find('\n', begin)) != std::string::npos; begin = end + 1) {
      const std::string_view line(carry.data() + begin, end - begin);
      if (Status taken = reader_->take(line, offset + begin, ++lines_); !taken.ok()) return taken;
    }
    carry.erase(0, begin);
    offset += begin;
    if (carry.size() > StateReader::kMaxLine) {
      return line_error(LinePlace{path_, lines_ + 1, ""},
                        fmt::format("a line longer than {} bytes", StateReader::kMaxLine));
    }
  }
  size_ = offset;
  if (carry.empty()) return {};
  // A last line without its newline was cut short by a kill: its part is done again. Before the
  // header is whole, only a beginning of a header is taken for one: anything else is another
  // file, which is never cut.
  if (!reader_->has_header() && offset == 0 && !carry.starts_with("{\"catmouse_census\"")) {
    return line_error(
        LinePlace{path_, 1, ""},
        "not a census state file (no \"catmouse_census\" line); give another --state");
  }
  if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0) return write_error(path_, errno);
  return {};
}

Status StateFile::append(std::string_view lines) {
  for (std::size_t begin = 0; begin < lines.size();) {
    const std::size_t end = lines.find('\n', begin);
    if (end == std::string_view::npos) {
      return path_error(path_, "a part's text that does not end a line");
    }
    const std::string_view line = lines.substr(begin, end - begin);
    if (Status taken = reader_->take(line, size_ + begin, lines_ + 1); !taken.ok()) return taken;
    ++lines_;
    begin = end + 1;
  }
  if (Status written = write_all(fd_, lines, path_); !written.ok()) return written;
  size_ += lines.size();
  if (now_seconds() - last_sync_ >= 1.0) return sync();
  return {};
}

Status StateFile::sync() {
  last_sync_ = now_seconds();
  if (::fdatasync(fd_) != 0) return write_error(path_, errno);
  return {};
}

Status StateFile::finish() {
  if (Status complete = reader_->check_complete(); !complete.ok()) return complete;
  if (!reader_->canonical()) return compact();
  return sync();
}

Status StateFile::compact() {
  Result<AtomicFile> created = AtomicFile::create(target_);
  if (!created.ok()) return created.error();
  AtomicFile out = std::move(created).value();
  auto fresh = std::make_unique<StateReader>(path_);
  std::uint64_t offset = 0, number = 0;
  const auto copy = [&](std::string_view line) -> Status {
    if (Status taken = fresh->take(line, offset, ++number); !taken.ok()) return taken;
    if (Status written = out.write(std::string(line) + "\n"); !written.ok()) {
      return output_lost(written.error());
    }
    offset += line.size() + 1;
    return {};
  };
  if (Status header = copy(header_line(reader_->header())); !header.ok()) return header;
  for (std::uint32_t part = 0; part < reader_->header().question.parts; ++part) {
    if (!reader_->done(part)) continue;
    for (const StateReader::Span span : reader_->lines_of(part)) {
      Result<std::string> line = read_span(fd_, span, path_);
      if (!line.ok()) return line.error();
      line->pop_back();  // its newline
      if (Status copied = copy(*line); !copied.ok()) return copied;
    }
  }
  if (Status committed = out.commit(); !committed.ok()) {
    return output_lost(committed.error());
  }
  const int fd = ::open(target_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) return write_error(path_, errno);
  ::close(fd_);
  fd_ = fd;
  reader_ = std::move(fresh);
  size_ = offset;
  lines_ = number;
  last_sync_ = now_seconds();
  return {};
}

Result<std::uint64_t> StateFile::write_kept(const std::string& path, std::uint32_t cops) const {
  Result<AtomicFile> created = AtomicFile::create(path);
  if (!created.ok()) return created.error();
  AtomicFile out = std::move(created).value();
  std::uint64_t count = 0;
  std::string buffer;
  const auto flush = [&]() -> Status {
    Status written = out.write(buffer);
    buffer.clear();
    if (written.ok()) return {};
    return output_lost(written.error());
  };
  for (std::uint32_t part = 0; part < reader_->header().question.parts; ++part) {
    for (const StateReader::Span span : reader_->kept_lines_of(part)) {
      Result<std::string> line = read_span(fd_, span, path_);
      if (!line.ok()) return line.error();
      // Checked when it was read or appended; changed since, it is refused.
      const Json kept = Json::parse(*line, nullptr, false);
      const auto graphs = kept.is_object() ? kept.find("kept_graphs") : kept.end();
      if (graphs == kept.end() || !graphs->is_array()) {
        return path_error(path_, "changed by something else while in use");
      }
      for (const Json& entry : *graphs) {
        if (!entry.is_array() || entry.size() != 2 || !entry[0].is_number_unsigned() ||
            !entry[1].is_string()) {
          return path_error(path_, "changed by something else while in use");
        }
        if (entry[0].get<std::uint64_t>() != cops) continue;
        buffer += entry[1].get_ref<const std::string&>();
        buffer += '\n';
        ++count;
      }
      if (buffer.size() >= (1u << 20)) {
        if (Status flushed = flush(); !flushed.ok()) return flushed.error();
      }
    }
  }
  if (Status flushed = flush(); !flushed.ok()) return flushed.error();
  if (Status committed = out.commit(); !committed.ok()) {
    return output_lost(committed.error());
  }
  return count;
}

}  // namespace catmouse::census
