# The Tessera site server as a container image (docs/deployment.md, "In a container"): built in
# one stage, run from a second that has only what the server runs with. The second stage's steps
# are those e2e/production-install.spec.ts runs in CI; the image itself is not built there.
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
# SHUTDOWN_GRACE_SECONDS under docker stop's 10 s, so that the database closes before a SIGKILL.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data SHUTDOWN_GRACE_SECONDS=7
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit && npm cache clean --force
COPY --from=build /src/dist ./dist
# The demo site, served until SITE_DIR names yours (a folder mounted at /site, say).
COPY examples ./examples
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# SIGTERM (docker stop) lets requests under way finish and closes the database: node is PID 1 and handles it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
