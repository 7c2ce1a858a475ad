# syntax=docker/dockerfile:1
# The production image of Agency Portal: the compiled server (apps/api/dist/main.js, what `npm start` runs), the built
# web app it serves, the migrations it applies at start, and the API's production dependencies. No TypeScript, no
# dev tooling. Built with `docker build -t agency-portal .`; compose.yaml runs two of them behind HAProxy.
# (Not built on the project's CI machine, which has no Docker engine; see README "Deploy".)

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: the whole workspace's dependencies, then the web app (Vite) and the API bundle (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# `npm install`, not `npm ci`, for the reason .ci/run gives (the lock file lacks some platforms' optional packages).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies of the API only (the bundle keeps node_modules packages external; @portal/domain and
# drizzle-orm are inside it). Every workspace's package.json is present so npm reads the lock file as it is.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm install --omit=dev --workspace @portal/api --no-audit --no-fund && npm cache clean --force

# 3. Runtime. The layout mirrors the repository (apps/api/dist sits where apps/api/src does), so the paths the server
# computes from its own location (package.json for the version, apps/api/drizzle, apps/web/dist) hold.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    DRAIN_DELAY_MS=5000
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/packages/domain/package.json packages/domain/
COPY --from=deps /app/apps/api/package.json apps/api/
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the generated key file when APP_KEY is not set, local uploads without S3_BUCKET, mail pickup. A volume in
# compose; with DATABASE_URL, S3_BUCKET and APP_KEY set (the scale-out case) nothing there must outlive a container.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready, not just alive: 503 while draining after SIGTERM, or while the database, its migrations or Redis are not.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 (no npm in between) so SIGTERM reaches the server and starts its drain.
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
