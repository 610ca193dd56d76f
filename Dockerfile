# syntax=docker/dockerfile:1
# HR Console: the console (dist/) and the compiled API server (dist/server/) on Node, nothing else.
#   docker build -t hr-console .
#   docker run --rm --env-file hr-migrate.env hr-console node dist/server/migrate.js   # each release, first
#   docker run -d -p 8080:8080 --env-file hr.env hr-console                           # the servers
# README → Production lists every setting; compose.yaml runs PostgreSQL, the migrate step, two
# servers and nginx. Not built on CI's machines (no docker there): .ci/run runs this same artefact
# the way this image does (scripts/artefact-smoke.mjs).
ARG NODE_VERSION=24

# --- build: every dependency, the sources, `npm run build` (tsc -b, vite build, the server bundle)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and dist/ only (no sources, no tsx, no TypeScript)
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# files stay root's and read-only to the server; it writes nothing to disk (logs go to stdout)
USER node
EXPOSE 8080
# slim has no curl: node's own fetch; /readyz is 200 once the database answers with this build's migrations
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains: /readyz answers 503, requests in flight finish (SHUTDOWN_TIMEOUT_MS
# 25 s by default: give `docker stop -t 30` / stop_grace_period 30s)
CMD ["node", "dist/server/main.js"]
