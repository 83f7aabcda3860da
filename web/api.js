// The page's client of the JSON API (docs/server.md). A game is remembered with the request that
// created it, so that when the server has forgotten it (404) the game is posted again and the
// request repeated, unseen by the rest of the page. Busy answers (503) are retried a few times.

export class ApiFailure extends Error {
  constructor(status, message, where = '') {
    super(message);
    this.status = status;
    this.where = where;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Api {
  constructor(base = 'api/') {
    this.base = base;
    this.game = null; // the server's answer to the last POST /api/games
    this.request = null; // its body
    this.cache = new Map();
    this.generation = 0; // grows with every game, so that late answers of an old one are not kept
    this.onRepost = null; // called with the game when it was posted again under a new id
  }

  async call(method, path, body) {
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await fetch(this.base + path, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch {
        throw new ApiFailure(0, 'The server cannot be reached. Is catmouse serve still running?');
      }
      if (res.status === 503 && attempt < 3) {
        await sleep(800 * (attempt + 1));
        continue;
      }
      let data = null;
      try {
        data = res.status === 204 ? null : await res.json();
      } catch {
        throw new ApiFailure(res.status, `The server sent an answer that is not JSON (HTTP ${res.status}).`);
      }
      if (!res.ok) {
        const message = data && typeof data.error === 'string' ? data.error : `HTTP ${res.status}`;
        throw new ApiFailure(res.status, message, data?.where ?? '');
      }
      return data;
    }
  }

  examples() {
    return this.call('GET', 'examples');
  }

  async createGame(body) {
    const generation = ++this.generation;
    const game = await this.call('POST', 'games', body);
    if (generation !== this.generation) throw new ApiFailure(-1, 'superseded by a later game');
    this.game = game;
    this.request = body;
    this.cache.clear();
    return game;
  }

  // A GET on the current game, posting the game again if the server has forgotten it.
  async gameGet(what, params) {
    const query = new URLSearchParams(params).toString();
    const key = `${what}?${query}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const generation = this.generation;
    const game = this.game;
    let answer;
    try {
      answer = await this.call('GET', `games/${encodeURIComponent(game.id)}/${what}?${query}`);
    } catch (e) {
      if (!(e instanceof ApiFailure) || e.status !== 404 || !this.request || generation !== this.generation) throw e;
      const again = await this.call('POST', 'games', this.request);
      game.id = again.id;
      if (this.onRepost && generation === this.generation) this.onRepost(game);
      answer = await this.call('GET', `games/${encodeURIComponent(game.id)}/${what}?${query}`);
    }
    if (generation === this.generation) {
      if (this.cache.size > 4000) this.cache.clear();
      this.cache.set(key, answer);
    }
    return answer;
  }

  static params(pos, played) {
    return { mouse: pos.mouse, cats: pos.cats.join(','), turn: pos.turn, played };
  }

  position(pos, played) {
    return this.gameGet('position', Api.params(pos, played));
  }

  line(pos, played) {
    return this.gameGet('line', Api.params(pos, played));
  }

  valueMap(mouse, turn, played) {
    return this.gameGet('valuemap', { mouse, turn, played });
  }
}
