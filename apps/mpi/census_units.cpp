#include "census_units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <optional>

namespace catmouse::mpi_cli {

namespace {

// Little-endian words and length-prefixed strings.
class Packer {
 public:
  void word(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  void text(std::string_view s) {
    word(s.size());
    bytes_.append(s);
  }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

// Reads what Packer wrote (bytes from another process of the same program: trusted).
class Unpacker {
 public:
  explicit Unpacker(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t word() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) {
      v |= std::uint64_t{static_cast<unsigned char>(bytes_[at_ + static_cast<std::size_t>(i)])}
           << (8 * i);
    }
    at_ += 8;
    return v;
  }
  std::string_view text() {
    const std::uint64_t size = word();
    const std::string_view s = bytes_.substr(at_, size);
    at_ += size;
    return s;
  }
  bool done() const { return at_ >= bytes_.size(); }
  std::size_t at() const { return at_; }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::string pack_result(const UnitResult& result) {
  Packer p;
  p.word(static_cast<std::uint64_t>(result.code));
  p.text(result.error);
  p.text(result.out.text);
  const cli::Tally& tally = result.out.tally;
  p.word(tally.total());
  p.word(tally.entries().size());
  for (const cli::Tally::Entry& e : tally.entries()) {
    p.word(e.answer);
    p.word(e.count);
    p.word(e.longest ? std::uint64_t{*e.longest} + 1 : 0);
    p.text(e.example);
  }
  Packer framed;
  framed.text(p.bytes());
  return std::move(framed.bytes());
}

UnitResult unpack_result(std::string_view bytes) {
  Unpacker framed(bytes);
  Unpacker u(framed.text());
  UnitResult result;
  result.code = static_cast<int>(u.word());
  result.error = u.text();
  result.out.text = u.text();
  const std::uint64_t total = u.word();
  std::vector<cli::Tally::Entry> entries(u.word());
  for (cli::Tally::Entry& e : entries) {
    e.answer = static_cast<std::uint32_t>(u.word());
    e.count = u.word();
    if (const std::uint64_t longest = u.word(); longest != 0) {
      e.longest = static_cast<std::uint32_t>(longest - 1);
    }
    e.example = u.text();
  }
  result.out.tally = cli::Tally(std::move(entries), total);
  return result;
}

std::vector<std::string> split_results(std::string_view bytes) {
  std::vector<std::string> out;
  Unpacker u(bytes);
  while (!u.done()) {
    const std::size_t begin = u.at();
    u.text();
    out.emplace_back(bytes.substr(begin, u.at() - begin));
  }
  return out;
}

void answer_line(cli::CopNumberLines& lines, const cli::StreamLine& line, const std::string& source,
                 UnitResult& result) {
  if (result.code != 0) return;
  const std::size_t mark = result.out.text.size();
  try {
    lines.answer(line, source, result.out);
    return;
  } catch (const cli::InputError& e) {
    result.code = 2;
    result.error = cli::located_at(e, line.number, source).what();
  } catch (const cli::ResourceError& e) {
    result.code = 1;
    result.error = fmt::format("{}:{}: {}", source, line.number, e.what());
  } catch (const std::bad_alloc&) {
    result.code = 1;
    result.error = fmt::format("{}:{}: out of memory", source, line.number);
  }
  result.out.text.resize(mark);
}

BlockReader::BlockReader(const std::string& path) : reader_(path) {
  reader_.drop_graph6_header();
  std::string_view first;
  if (reader_.next(first, pending_number_)) {
    pending_ = first;
    has_pending_ = true;
    alone_ = reader_.at_end();
  }
}

std::string BlockReader::next_block() {
  Packer lines;
  std::uint64_t count = 0;
  std::string_view line;
  std::uint64_t number = 0;
  while (count < kBlockLines) {
    if (has_pending_) {
      line = pending_;
      number = pending_number_;
      has_pending_ = false;
    } else if (!reader_.next(line, number)) {
      break;
    }
    lines.word(++index_);
    lines.word(number);
    lines.text(line);
    ++count;
  }
  Packer block;
  block.text(reader_.source());
  block.word(alone_ ? 1 : 0);
  block.word(count);
  block.bytes() += lines.bytes();
  return std::move(block.bytes());
}

bool BlockReader::at_end() {
  return !has_pending_ && reader_.at_end();
}

UnitResult answer_block(std::string_view block, cli::CopNumberLines& lines) {
  UnitResult result;
  if (block.empty()) return result;
  Unpacker u(block);
  const std::string source(u.text());
  const bool alone = u.word() != 0;
  const std::uint64_t count = u.word();
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t index = u.word();
    const std::uint64_t number = u.word();
    const std::string_view text = u.text();
    answer_line(lines, {index, number, text, alone, 0}, source, result);
  }
  return result;
}

}  // namespace catmouse::mpi_cli
