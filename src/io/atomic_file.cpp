#include "catmouse/io/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace catmouse {

namespace {

Error file_error(const std::string& path, const char* what, int error) {
  Error e{fmt::format("{}: {}", what, std::strerror(error)), {}};
  e.where.source = path;
  return e;
}

// The folder holding `path`, to sync after the rename.
std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

Result<AtomicFile> AtomicFile::create(std::string path) {
  std::string temporary = path + ".partial";
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) return file_error(path, "cannot write", errno);
  return AtomicFile(std::move(path), std::move(temporary), file);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)),
      temporary_(std::move(other.temporary_)),
      file_(std::exchange(other.file_, nullptr)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    path_ = std::move(other.path_);
    temporary_ = std::move(other.temporary_);
    file_ = std::exchange(other.file_, nullptr);
  }
  return *this;
}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (file_ == nullptr) return;
  std::fclose(file_);
  file_ = nullptr;
  ::unlink(temporary_.c_str());
}

Status AtomicFile::write(std::string_view bytes) {
  if (file_ == nullptr) return Error{"the file is closed", {path_, 0, 0, {}, {}}};
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    const int error = errno;
    discard();
    return file_error(path_, "write error", error);
  }
  return {};
}

Status AtomicFile::commit() {
  if (file_ == nullptr) return Error{"the file is closed", {path_, 0, 0, {}, {}}};
  if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0 || std::ferror(file_)) {
    const int error = errno;
    discard();
    return file_error(path_, "write error", error);
  }
  if (std::fclose(std::exchange(file_, nullptr)) != 0) {
    const int error = errno;
    ::unlink(temporary_.c_str());
    return file_error(path_, "write error", error);
  }
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary_.c_str());
    return file_error(path_, "cannot write", error);
  }
  // The rename is durable once the folder's entry is on disk too.
  const int folder = ::open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY);
  if (folder >= 0) {
    ::fsync(folder);
    ::close(folder);
  }
  return {};
}

Status write_file_atomically(const std::string& path, std::string_view bytes) {
  Result<AtomicFile> file = AtomicFile::create(path);
  if (!file.ok()) return file.error();
  if (Status ok = file->write(bytes); !ok) return ok;
  return file->commit();
}

}  // namespace catmouse
