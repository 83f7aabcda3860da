#include "io/tablebase_codec.hpp"

#include <fmt/format.h>
#include <zdict.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

namespace catmouse::tablebase {

namespace {

constexpr std::size_t kPadding = 8;  // word reads may run this far past a bitmap's last byte

std::uint32_t width_for(std::uint32_t max_code) {
  return max_code < (1u << 8) ? 1 : max_code < (1u << 16) ? 2 : 4;
}

// The most frequent code of `codes` and how often it occurs; ties to the smaller code. Codes are
// small integers in practice (twice the remoteness): counted in an array up to a bound, sorted
// beyond it.
std::pair<std::uint32_t, std::size_t> most_frequent(const std::vector<std::uint32_t>& codes,
                                                    std::vector<std::uint32_t>& scratch) {
  constexpr std::uint32_t kCounted = 4096;
  const std::uint32_t top = *std::max_element(codes.begin(), codes.end());
  std::pair<std::uint32_t, std::size_t> best{0, 0};
  if (top < kCounted) {
    scratch.assign(top + 1, 0);
    for (std::uint32_t c : codes) ++scratch[c];
    for (std::uint32_t c = 0; c <= top; ++c) {
      if (scratch[c] > best.second) best = {c, scratch[c]};
    }
    return best;
  }
  scratch = codes;
  std::sort(scratch.begin(), scratch.end());
  for (std::size_t i = 0; i < scratch.size();) {
    std::size_t j = i;
    while (j < scratch.size() && scratch[j] == scratch[i]) ++j;
    if (j - i > best.second) best = {scratch[i], j - i};
    i = j;
  }
  return best;
}

void put_u32(std::string& out, std::uint32_t v, std::uint32_t width) {
  for (std::uint32_t i = 0; i < width; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

Error payload_error(std::string message) {
  return Error{"malformed block contents: " + std::move(message), {}};
}

}  // namespace

std::uint64_t max_payload_bytes(std::uint32_t states) {
  return 2 + kMaxPlanes * (4 + (std::uint64_t{states} + 7) / 8) + 4 * std::uint64_t{states};
}

void encode_payload(std::span<const std::uint32_t> codes, std::string& out) {
  // Planes: while the most frequent code left covers a quarter of the states left, a bitmap marks
  // its states and they leave. zstd's entropy stage spends at least a bit per byte, so a state
  // of the dominant code costs a bit in a byte of codes but an eighth of one in a bitmap; below a
  // quarter, another plane costs more than it saves (docs/performance.md).
  std::vector<std::uint32_t> left(codes.begin(), codes.end());
  std::vector<std::uint32_t> next, scratch;
  std::vector<std::uint32_t> plane_codes;
  std::string bitmaps;
  while (!left.empty() && plane_codes.size() < kMaxPlanes) {
    const auto [code, count] = most_frequent(left, scratch);
    if (count * 4 < left.size()) break;
    plane_codes.push_back(code);
    next.clear();
    std::uint8_t byte = 0;
    for (std::size_t j = 0; j < left.size(); ++j) {
      if (left[j] == code) {
        byte |= static_cast<std::uint8_t>(1u << (j & 7));
      } else {
        next.push_back(left[j]);
      }
      if ((j & 7) == 7 || j + 1 == left.size()) {
        bitmaps.push_back(static_cast<char>(byte));
        byte = 0;
      }
    }
    left.swap(next);
  }
  const std::uint32_t width =
      left.empty() ? 0 : width_for(*std::max_element(left.begin(), left.end()));
  out.push_back(static_cast<char>(plane_codes.size()));
  out.push_back(static_cast<char>(width));
  for (std::uint32_t code : plane_codes) put_u32(out, code, 4);
  out += bitmaps;
  for (std::uint32_t code : left) put_u32(out, code, width);
}

std::uint8_t* Payload::prepare(std::size_t capacity) {
  buffer_.assign(capacity + kPadding, 0);
  return buffer_.data();
}

template <class Word>
std::uint32_t max_of(const std::uint8_t* p, std::uint32_t count) {
  Word top = 0;
  for (std::uint32_t j = 0; j < count; ++j) {
    Word w;
    std::memcpy(&w, p + std::size_t{j} * sizeof(Word), sizeof(Word));
    top = std::max(top, w);
  }
  return top;
}

std::uint32_t Payload::rest_max(std::uint32_t count) const {
  const std::uint8_t* p = buffer_.data() + rest_;
  switch (width_) {
    case 1:
      return max_of<std::uint8_t>(p, count);
    case 2:
      return max_of<std::uint16_t>(p, count);
    case 4:
      return max_of<std::uint32_t>(p, count);
  }
  return 0;
}

std::uint32_t Payload::rest(std::uint32_t j) const {
  const std::uint8_t* p = buffer_.data() + rest_ + std::size_t{j} * width_;
  std::uint32_t v = 0;
  for (std::uint32_t i = 0; i < width_; ++i) v |= std::uint32_t{p[i]} << (8 * i);
  return v;
}

Status Payload::parse(std::size_t bytes, std::uint32_t states, std::uint64_t max_code) {
  states_ = states;
  planes_.clear();
  prefix_.clear();
  if (bytes < 2 || bytes + kPadding > buffer_.size()) return payload_error("too short");
  const std::uint32_t planes = buffer_[0];
  width_ = buffer_[1];
  if (planes > kMaxPlanes) return payload_error(fmt::format("{} planes", planes));
  if (width_ != 0 && width_ != 1 && width_ != 2 && width_ != 4) {
    return payload_error(fmt::format("codes of {} bytes", width_));
  }
  std::size_t at = 2 + std::size_t{planes} * 4;
  if (at > bytes) return payload_error("too short");
  std::uint64_t left = states;
  for (std::uint32_t k = 0; k < planes; ++k) {
    const std::uint32_t code = static_cast<std::uint32_t>(buffer_[2 + 4 * k]) |
                               static_cast<std::uint32_t>(buffer_[3 + 4 * k]) << 8 |
                               static_cast<std::uint32_t>(buffer_[4 + 4 * k]) << 16 |
                               static_cast<std::uint32_t>(buffer_[5 + 4 * k]) << 24;
    if (code > max_code) return payload_error(fmt::format("code {} out of range", code));
    const std::size_t length = static_cast<std::size_t>((left + 7) / 8);
    if (at + length > bytes) return payload_error("too short");
    if (left % 8 != 0 && (buffer_[at + length - 1] >> (left % 8)) != 0) {
      return payload_error("bits set past the end of a plane");
    }
    planes_.push_back({code, at, prefix_.size()});
    std::uint32_t set = 0;
    for (std::uint32_t w = 0; std::uint64_t{w} * 64 < left; ++w) {
      prefix_.push_back(set);
      std::uint64_t bits = word(at, w * 64);
      const std::uint64_t end = left - std::uint64_t{w} * 64;
      if (end < 64) bits &= (std::uint64_t{1} << end) - 1;
      set += static_cast<std::uint32_t>(std::popcount(bits));
    }
    at += length;
    left -= set;
  }
  if ((left == 0) != (width_ == 0)) return payload_error("code width does not match");
  if (at + left * width_ != bytes) return payload_error("size does not match");
  rest_ = at;
  if (rest_max(static_cast<std::uint32_t>(left)) > max_code) {
    return payload_error("a code out of range");
  }
  return {};
}

std::uint32_t Payload::code(std::uint32_t j) const {
  for (const Plane& plane : planes_) {
    const std::uint64_t w = word(plane.bitmap, j);
    const std::uint32_t bit = j & 63;
    if ((w >> bit) & 1) return plane.code;
    // The states left after this plane are numbered among themselves.
    j -= prefix_[plane.prefix + (j >> 6)] +
         static_cast<std::uint32_t>(std::popcount(w & ((std::uint64_t{1} << bit) - 1)));
  }
  return rest(j);
}

void Payload::decode(std::span<std::uint32_t> out) const {
  std::vector<std::uint32_t> left(states_);
  std::iota(left.begin(), left.end(), 0u);
  for (const Plane& plane : planes_) {
    std::size_t kept = 0;
    for (std::size_t j = 0; j < left.size(); ++j) {
      if ((buffer_[plane.bitmap + j / 8] >> (j & 7)) & 1) {
        out[left[j]] = plane.code;
      } else {
        left[kept++] = left[j];
      }
    }
    left.resize(kept);
  }
  for (std::uint32_t j = 0; j < left.size(); ++j) out[left[j]] = rest(j);
}

CompressionDictionary::CompressionDictionary(const std::string& dictionary, int level) {
  if (!dictionary.empty()) {
    dict_.reset(ZSTD_createCDict(dictionary.data(), dictionary.size(), level));
  }
}

Compressor::Compressor(int level, const CompressionDictionary& dictionary)
    : context_(ZSTD_createCCtx()) {
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_compressionLevel, level);
  // Our own checksums cover every block; the dictionary is the file's, named by nothing else.
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_checksumFlag, 0);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_dictIDFlag, 0);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_contentSizeFlag, 1);
  if (dictionary.get() != nullptr) ZSTD_CCtx_refCDict(context_.get(), dictionary.get());
}

Status Compressor::compress(const std::string& payload, std::string& out) {
  out.resize(ZSTD_compressBound(payload.size()));
  const std::size_t size =
      ZSTD_compress2(context_.get(), out.data(), out.size(), payload.data(), payload.size());
  if (ZSTD_isError(size)) return Error{fmt::format("zstd: {}", ZSTD_getErrorName(size)), {}};
  out.resize(size);
  return {};
}

Decompressor::Decompressor(const std::string& dictionary) : context_(ZSTD_createDCtx()) {
  if (!dictionary.empty()) {
    dict_.reset(ZSTD_createDDict(dictionary.data(), dictionary.size()));
    ZSTD_DCtx_refDDict(context_.get(), dict_.get());
  }
}

Status Decompressor::decompress(Bytes frame, std::uint32_t states, std::uint64_t max_code,
                                Payload& payload) {
  const unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
    return Error{"not a zstd frame with its size", {}};
  }
  if (size > max_payload_bytes(states)) return Error{"decompresses to too many bytes", {}};
  std::uint8_t* out = payload.prepare(static_cast<std::size_t>(size));
  const std::size_t got = ZSTD_decompressDCtx(context_.get(), out, static_cast<std::size_t>(size),
                                              frame.data(), frame.size());
  if (ZSTD_isError(got)) return Error{fmt::format("zstd: {}", ZSTD_getErrorName(got)), {}};
  if (got != size) return Error{"decompresses to fewer bytes than its frame says", {}};
  return payload.parse(got, states, max_code);
}

std::string train_dictionary(const std::vector<std::string>& samples, std::size_t capacity) {
  std::string joined;
  std::vector<std::size_t> sizes;
  for (const std::string& sample : samples) {
    joined += sample;
    sizes.push_back(sample.size());
  }
  std::string dictionary(capacity, '\0');
  const std::size_t size =
      ZDICT_trainFromBuffer(dictionary.data(), dictionary.size(), joined.data(), sizes.data(),
                            static_cast<unsigned>(sizes.size()));
  if (ZDICT_isError(size)) return {};
  dictionary.resize(size);
  return dictionary;
}

}  // namespace catmouse::tablebase
