// The only file that includes mpi.h. Errors of MPI itself stay fatal (MPI_ERRORS_ARE_FATAL, the
// default): they end the whole run, which is what a broken network should do.
#include "mpi/communicator.hpp"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace catmouse::mpi {

namespace {

// MPI counts are ints: a message of more words is refused rather than truncated.
int count_of(std::size_t words) {
  if (words > static_cast<std::size_t>(INT_MAX)) {
    throw std::length_error("a message of more than 2^31 words");
  }
  return static_cast<int>(words);
}

// Every process's part at `root`, in rank order (elsewhere: nothing): the parts' sizes first,
// then the parts in one message. Buffer is a std::string or a std::vector of the words.
template <class Buffer>
std::vector<Buffer> gather_parts(std::span<const typename Buffer::value_type> part,
                                 MPI_Datatype type, int root, int rank, int processes) {
  const int size = count_of(part.size());
  std::vector<int> sizes(rank == root ? static_cast<std::size_t>(processes) : 0);
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, root, MPI_COMM_WORLD);
  std::vector<int> offsets(sizes.size(), 0);
  std::size_t total = 0;
  for (std::size_t p = 0; p < sizes.size(); ++p) {
    offsets[p] = count_of(total);
    total += static_cast<std::size_t>(sizes[p]);
  }
  Buffer all(total, typename Buffer::value_type{});
  MPI_Gatherv(part.data(), size, type, all.data(), sizes.data(), offsets.data(), type, root,
              MPI_COMM_WORLD);
  std::vector<Buffer> out;
  for (std::size_t p = 0; p < sizes.size(); ++p) {
    const auto begin = all.begin() + offsets[p];
    out.emplace_back(begin, begin + sizes[p]);
  }
  return out;
}

// An Error as bytes and back, for agree(): the message, its kind and hint, and every field of its
// location.
std::string pack(const Error& error) {
  std::string out;
  const auto add = [&](const std::string& text) {
    const std::uint64_t size = text.size();
    out.append(reinterpret_cast<const char*>(&size), sizeof size);
    out += text;
  };
  add(error.message);
  add(std::to_string(static_cast<unsigned>(error.kind)));
  add(std::to_string(static_cast<unsigned>(error.hint.option)));
  add(error.hint.text);
  add(error.where.source);
  add(std::to_string(error.where.line));
  add(std::to_string(error.where.column));
  add(error.where.node ? std::to_string(*error.where.node) : std::string());
  add(std::to_string(static_cast<unsigned>(error.where.field)));
  add(error.where.index ? std::to_string(*error.where.index) : std::string());
  add(error.where.detail);
  add(error.where.label);
  add(std::to_string(error.nodes.size()));
  for (const NodeMention& mention : error.nodes) {
    add(std::to_string(mention.offset));
    add(std::to_string(mention.length));
    add(std::to_string(mention.node));
  }
  return out;
}

Error unpack(const std::string& bytes) {
  std::size_t at = 0;
  const auto next = [&]() {
    std::uint64_t size = 0;
    std::memcpy(&size, bytes.data() + at, sizeof size);
    at += sizeof size;
    std::string text = bytes.substr(at, size);
    at += size;
    return text;
  };
  Error error;
  error.message = next();
  error.kind = static_cast<ErrorKind>(std::stoul(next()));
  error.hint.option = static_cast<ErrorField>(std::stoul(next()));
  error.hint.text = next();
  error.where.source = next();
  error.where.line = std::stoull(next());
  error.where.column = std::stoull(next());
  if (std::string node = next(); !node.empty()) error.where.node = std::stoull(node);
  error.where.field = static_cast<ErrorField>(std::stoul(next()));
  if (std::string index = next(); !index.empty()) error.where.index = std::stoull(index);
  error.where.detail = next();
  error.where.label = next();
  const std::uint64_t mentions = std::stoull(next());
  for (std::uint64_t i = 0; i < mentions; ++i) {
    NodeMention mention;
    mention.offset = std::stoull(next());
    mention.length = std::stoull(next());
    mention.node = std::stoull(next());
    error.nodes.push_back(mention);
  }
  return error;
}

}  // namespace

Session::Session(int& argc, char**& argv) {
  int provided = 0;
  // Worker threads of a process never call MPI; the main thread does.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
}

Session::~Session() {
  MPI_Finalize();
}

Communicator::Communicator() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

std::vector<std::uint64_t> Communicator::sum(std::span<const std::uint64_t> values) const {
  std::vector<std::uint64_t> out(values.size());
  MPI_Allreduce(values.data(), out.data(), count_of(values.size()), MPI_UINT64_T, MPI_SUM,
                MPI_COMM_WORLD);
  return out;
}

std::uint64_t Communicator::max(std::uint64_t value) const {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

std::vector<std::uint64_t> Communicator::exchange(std::span<const std::uint64_t> words,
                                                  std::span<const std::uint64_t> counts) const {
  const auto processes = static_cast<std::size_t>(size_);
  std::vector<int> send_counts(processes), send_offsets(processes);
  std::vector<int> receive_counts(processes), receive_offsets(processes);
  std::size_t total = 0;
  for (std::size_t p = 0; p < processes; ++p) {
    send_offsets[p] = count_of(total);
    send_counts[p] = count_of(counts[p]);
    total += counts[p];
  }
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::size_t received = 0;
  for (std::size_t p = 0; p < processes; ++p) {
    receive_offsets[p] = count_of(received);
    received += static_cast<std::size_t>(receive_counts[p]);
  }
  std::vector<std::uint64_t> in(received);
  MPI_Alltoallv(words.data(), send_counts.data(), send_offsets.data(), MPI_UINT64_T, in.data(),
                receive_counts.data(), receive_offsets.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  return in;
}

void Communicator::broadcast(std::string& bytes, int root) const {
  std::uint64_t size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
  bytes.resize(size);
  // In pieces: a count is an int.
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
  for (std::uint64_t at = 0; at < size; at += kPiece) {
    MPI_Bcast(bytes.data() + at, static_cast<int>(std::min(kPiece, size - at)), MPI_CHAR, root,
              MPI_COMM_WORLD);
  }
}

void Communicator::broadcast(std::span<std::uint64_t> words, int root) const {
  MPI_Bcast(words.data(), count_of(words.size()), MPI_UINT64_T, root, MPI_COMM_WORLD);
}

std::vector<std::string> Communicator::gather(const std::string& bytes, int root) const {
  return gather_parts<std::string>(std::span<const char>(bytes), MPI_CHAR, root, rank_, size_);
}

std::string Communicator::scatter(const std::vector<std::string>& parts, int root) const {
  const bool here = rank_ == root;
  std::vector<int> sizes(here ? static_cast<std::size_t>(size_) : 0);
  std::vector<int> offsets(sizes.size(), 0);
  std::string all;
  for (std::size_t p = 0; p < sizes.size(); ++p) {
    sizes[p] = count_of(parts[p].size());
    offsets[p] = count_of(all.size());
    all += parts[p];
  }
  int size = 0;
  MPI_Scatter(sizes.data(), 1, MPI_INT, &size, 1, MPI_INT, root, MPI_COMM_WORLD);
  std::string mine(static_cast<std::size_t>(size), '\0');
  MPI_Scatterv(all.data(), sizes.data(), offsets.data(), MPI_CHAR, mine.data(), size, MPI_CHAR,
               root, MPI_COMM_WORLD);
  return mine;
}

std::vector<std::vector<std::uint32_t>> Communicator::gather(std::span<const std::uint32_t> words,
                                                             int root) const {
  return gather_parts<std::vector<std::uint32_t>>(words, MPI_UINT32_T, root, rank_, size_);
}

Communicator::Agreement Communicator::agree(const Status& mine) const {
  const int candidate[2] = {mine.ok() ? size_ : rank_, mine.ok() ? 0 : 1};
  int first = size_;
  int failed = 0;
  MPI_Allreduce(&candidate[0], &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&candidate[1], &failed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (first == size_) return {};
  std::string bytes = rank_ == first ? pack(mine.error()) : std::string();
  broadcast(bytes, first);
  return {unpack(bytes), first, failed};
}

Status Communicator::agreed(const Status& mine, bool name_process) const {
  const Agreement a = agree(mine);
  if (a.status.ok()) return {};
  Error error = a.status.error();
  if (name_process && size_ > 1 && a.failed < size_) {
    error.message += " (process " + std::to_string(a.first) + ")";
  }
  return error;
}

void Communicator::abort(int code) const {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

}  // namespace catmouse::mpi
