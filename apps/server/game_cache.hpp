// The server's memory: solved games kept by id, least recently used first out, within a budget
// of bytes that also covers the solves under way. A solve reserves its estimate before it starts
// (evicting old games to make room) and hands the room to its game when it is cached, so that the
// cached games and the tables being built never need more than the budget together.
#pragma once

#include <algorithm>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace catmouse::server {

template <class T>
class GameCache {
 public:
  explicit GameCache(std::uint64_t budget) : budget_(budget) {}
  GameCache(const GameCache&) = delete;
  GameCache& operator=(const GameCache&) = delete;

  std::uint64_t budget() const { return budget_; }

  // Room held for a request under way; given back when destroyed. It grows as the request learns
  // what it needs (the text read, the graph made, the game planned) and a part of it can go
  // with the answer until that is sent.
  class Reservation {
   public:
    Reservation(Reservation&& other) noexcept
        : cache_(std::exchange(other.cache_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
    Reservation& operator=(Reservation&&) = delete;
    ~Reservation() {
      if (cache_) cache_->release(bytes_);
    }
    std::uint64_t bytes() const { return bytes_; }

    // At least `bytes` held in all, evicting games as needed; false (and unchanged) when the
    // requests under way hold too much of the budget for it.
    bool grow_to(std::uint64_t bytes) {
      if (bytes <= bytes_) return true;
      if (!cache_->take(bytes - bytes_)) return false;
      bytes_ = bytes;
      return true;
    }
    // `bytes` of this room (at most all of it) as a room of its own.
    Reservation split(std::uint64_t bytes) {
      bytes = std::min(bytes, bytes_);
      bytes_ -= bytes;
      return Reservation(cache_, bytes);
    }

   private:
    friend class GameCache;
    Reservation(GameCache* cache, std::uint64_t bytes) : cache_(cache), bytes_(bytes) {}
    GameCache* cache_ = nullptr;
    std::uint64_t bytes_ = 0;
  };

  // Room for `bytes`, evicting the least recently used games as needed; none when the solves
  // under way hold too much of the budget for it to fit even with no game cached.
  std::optional<Reservation> reserve(std::uint64_t bytes) {
    if (!take(bytes)) return std::nullopt;
    return Reservation(this, bytes);
  }

  // Bytes held by the requests under way, and the peak of that plus the cached games: for tests.
  std::uint64_t reserved_bytes() const {
    std::lock_guard lock(mutex_);
    return reserved_;
  }
  std::uint64_t peak_bytes() const {
    std::lock_guard lock(mutex_);
    return peak_;
  }

  // Keeps `value` under `id` (and `key`, the request that made it), taking `bytes` of the budget,
  // evicting others as needed; the reservation that made room for it is then given back.
  void insert(const std::string& id, const std::string& key, std::shared_ptr<const T> value,
              std::uint64_t bytes, Reservation room) {
    std::lock_guard lock(mutex_);
    reserved_ -= std::exchange(room.cache_, nullptr) ? room.bytes_ : 0;
    while (cached_ + reserved_ + bytes > budget_ && !order_.empty()) evict(order_.back());
    order_.push_front(id);
    entries_[id] = Entry{std::move(value), key, bytes, order_.begin()};
    by_key_[key] = id;
    cached_ += bytes;
    peak_ = std::max(peak_, cached_ + reserved_);
  }

  // The game `id`, now the most recently used; null when unknown, expired or deleted.
  std::shared_ptr<const T> find(const std::string& id) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(id);
    if (it == entries_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second.place);
    return it->second.value;
  }

  // The id of the game that request `key` made, if it is still kept.
  std::optional<std::string> find_key(const std::string& key) {
    std::lock_guard lock(mutex_);
    const auto it = by_key_.find(key);
    if (it == by_key_.end()) return std::nullopt;
    return it->second;
  }

  bool erase(const std::string& id) {
    std::lock_guard lock(mutex_);
    if (!entries_.count(id)) return false;
    evict(id);
    return true;
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }
  std::uint64_t cached_bytes() const {
    std::lock_guard lock(mutex_);
    return cached_;
  }

 private:
  struct Entry {
    std::shared_ptr<const T> value;
    std::string key;
    std::uint64_t bytes = 0;
    typename std::list<std::string>::iterator place;
  };

  bool take(std::uint64_t bytes) {
    std::lock_guard lock(mutex_);
    if (bytes > budget_ || reserved_ + bytes > budget_) return false;
    while (cached_ + reserved_ + bytes > budget_ && !order_.empty()) evict(order_.back());
    reserved_ += bytes;
    peak_ = std::max(peak_, cached_ + reserved_);
    return true;
  }
  void release(std::uint64_t bytes) {
    std::lock_guard lock(mutex_);
    reserved_ -= bytes;
  }
  // With the lock held.
  void evict(std::string id) {  // a copy: the id in order_ goes with the entry
    const auto it = entries_.find(id);
    cached_ -= it->second.bytes;
    const auto key = by_key_.find(it->second.key);
    if (key != by_key_.end() && key->second == id) by_key_.erase(key);
    order_.erase(it->second.place);
    entries_.erase(it);
  }

  const std::uint64_t budget_;
  mutable std::mutex mutex_;
  std::list<std::string> order_;  // ids, most recently used first
  std::map<std::string, Entry> entries_;
  std::map<std::string, std::string> by_key_;
  std::uint64_t cached_ = 0;
  std::uint64_t reserved_ = 0;
  std::uint64_t peak_ = 0;
};

}  // namespace catmouse::server
