# syntax=docker/dockerfile:1
# The server and web app in one image: `docker build -t harmony .`
# Untested here (no Docker on the machine it was written on); see docs/operations.md.

# --- build: install everything, build the web app and the server bundle, drop dev dependencies ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/har/package.json packages/har/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the bundle, the built web app and production dependencies, as an unprivileged user ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# A workspace keeps its own copy of a package when the root holds another version of it.
COPY --from=build /app/packages/har/node_modules ./packages/har/node_modules
COPY --from=build /app/packages/server/package.json ./packages/server/package.json
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/web/dist ./packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = database, storage and migrations answer (a worker answers it too).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node (not npm) receives SIGTERM and drains; run with an init (`docker run --init`, compose `init: true`)
# so ffmpeg children are reaped. The same image runs a worker with ROLE=worker and migrations with
# `node packages/server/dist/migrate.js`.
CMD ["node", "packages/server/dist/main.js"]
