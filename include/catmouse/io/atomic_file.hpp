// Files written whole or not at all, without harm to what the path names. Everything catmouse
// writes to a named file (tables, start lists, generated graphs, .cmtb files) goes through
// here, and what happens depends on what the path names (resolve_output()):
//  - nothing, or a regular file: the bytes go to a temporary file beside it ("<path>.partial"),
//    which commit() flushes, syncs to disk and renames over the target. Until then the target is
//    untouched; a failure, or destruction without commit(), removes the temporary. A process
//    killed outright leaves at most the ".partial" file, never a target that looks finished.
//  - a symbolic link: followed to its final target, where the rules above apply (the temporary
//    beside the target, renamed over the target); the link stays a link.
//  - a character device, a FIFO or a socket (/dev/null, /dev/stdout, a named pipe): opened and
//    written in place, with no temporary and no rename, so the node is never replaced. So is a
//    file reached through an open descriptor (/dev/stdout redirected to a file: appended). A
//    FIFO nobody reads yet is waited for (PeerWait): the caller can be told once the wait has
//    lasted a while, and can give it up. A Unix stream socket is connected to, and the bytes go
//    to whoever listens on it; a socket nobody listens on, or one of another kind (packets,
//    datagrams), is an error naming the path.
//  - a directory or anything else (a block device): refused, naming the path.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"

namespace catmouse {

// How a writer treats its path.
enum class OutputKind {
  kReplace,  // missing or a regular file: temporary, sync, rename
  kStream,   // a character device, FIFO or socket: written in place
};

struct OutputTarget {
  std::string path;  // what is written: a symbolic link's final target, else the path given
  OutputKind kind = OutputKind::kReplace;
};

// What writing to `path` means, or an error naming `path` (a directory, a block device, a loop
// of links). Files a writer keeps beside its target (checkpoints, spill files) are only made when
// the kind is kReplace.
Result<OutputTarget> resolve_output(const std::string& path);
// The temporary a kReplace target is written to before the rename: "<target>.partial".
std::string temporary_path_of(const OutputTarget& target);

// The kind of a failure to make or open a file with errno `error`: ErrorKind::kOutputLost when
// the system ran out of room or failed (ENOSPC, EDQUOT, EFBIG, EIO), else kBadInput (the path is
// at fault: a folder that does not exist, a directory, no permission). A write that fails once
// the file is open ("write error") is output lost whatever errno says.
ErrorKind write_failure_kind(int error);

// How an open waits for the other end of a FIFO: a reader, for a FIFO written to (an open for
// writing would block until one comes, so the FIFO is opened without blocking and tried again
// every few milliseconds); a writer, for one read from.
struct PeerWait {
  // Called once, with the path, when the other end has not come within `notice_after`.
  std::function<void(const std::string& path)> waiting;
  std::chrono::milliseconds notice_after{1000};
  // Asked between tries; true gives the wait up, with an error naming the path.
  std::function<bool()> cancelled;
};

class AtomicFile {
 public:
  // Opens the temporary for `path` (truncating one a killed run left), or the device or pipe
  // itself (a FIFO without a reader: waited for as `wait` says), or connects to the socket.
  // Errors name the file.
  static Result<AtomicFile> create(std::string path, const PeerWait& wait = {});

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // removes the temporary unless committed

  const std::string& path() const { return path_; }
  // The temporary, or empty when the target is written in place (a device or pipe).
  const std::string& temporary_path() const { return temporary_; }
  // The open temporary, for writers that format into a FILE*; check with write()'s rules.
  std::FILE* stream() { return file_; }

  // Appends bytes; the error names the file and the reason ("No space left on device").
  Status write(std::string_view bytes);
  // Flushes, syncs and renames the temporary over the target, then syncs the directory; for a
  // device or pipe, flushes and closes it.
  Status commit();

 private:
  AtomicFile(std::string path, std::string target, std::string temporary, std::FILE* file)
      : path_(std::move(path)),
        target_(std::move(target)),
        temporary_(std::move(temporary)),
        file_(file) {}
  void discard();

  std::string path_;       // as given, for messages
  std::string target_;     // what the temporary is renamed over
  std::string temporary_;  // empty when writing in place
  std::FILE* file_ = nullptr;
};

// Writes `bytes` to `path` through an AtomicFile.
Status write_file_atomically(const std::string& path, std::string_view bytes,
                             const PeerWait& wait = {});

}  // namespace catmouse
