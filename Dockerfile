# syntax=docker/dockerfile:1
#
# Vastra in one image: `docker build -t vastra .`, then see compose.yaml and docs/operations.md.
#
# Stages: deps (every dependency, to build with) → build (the web app) → prod-deps (production
# dependencies only) → runtime (those, the web app's build output, and the server's TypeScript
# sources, which Node 24 runs directly by stripping their types: the server has no compile step).
#
# The runtime runs as the unprivileged `node` user, one store process per container
# (`npm run serve:cluster` is for a machine without a container engine; here, scale containers).
# Settings come from the environment (README.md); a .env file is never copied in.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------- deps
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The manifests alone first, so the dependency layers are rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Fixes to dependencies that npm ci applies (postinstall: patch-package), e.g. the database driver's.
COPY patches patches
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ---------------------------------------------------------------- build
FROM deps AS build
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
RUN npm run build

# ---------------------------------------------------------------- prod-deps
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY patches patches
# npm installs sharp's prebuilt libvips for the platform it runs on (@img/sharp-linux-x64 on an
# x64 builder; build with --platform linux/amd64 elsewhere). Loading it here fails the build,
# rather than the first image upload, if the binary is missing.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
  && node -e "require('sharp')"

# ---------------------------------------------------------------- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# node_modules (with the workspace links: @vastra/contracts is TypeScript read from its sources)
# and the package manifests.
COPY --from=prod-deps /app ./
COPY packages/contracts/src packages/contracts/src
# The migrations run at start-up (db/client.ts reads apps/server/drizzle).
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/build apps/web/build
# Code stays root's (read-only to the store); only DATA_DIR is the store's to write (the embedded
# database, local images and a generated APP_SECRET when those are used; nothing with PostgreSQL,
# S3 and APP_SECRET set).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /healthz: the process answers (not the database: /readyz is for a load balancer). Every 2 s
# while starting (Docker 25+), so compose starts app-2 soon after app-1 is up.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself as the process (not npm), so SIGTERM reaches the graceful shutdown.
CMD ["node", "apps/server/src/main.ts"]
