# Production image: one process serving the API, /admin, the storefront and /docs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY backend/package.json backend/
COPY admin/package.json admin/
COPY storefront/package.json storefront/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/openapi.yaml ./
COPY --from=build /app/api ./api
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/common/package.json ./common/package.json
COPY --from=build /app/common/dist ./common/dist
COPY --from=build /app/backend/package.json ./backend/package.json
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/backend/reference-data ./backend/reference-data
COPY --from=build /app/admin/dist ./admin/dist
COPY --from=build /app/storefront/dist ./storefront/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:3000/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The flags of scripts/server-flags.mjs (why: there).
CMD ["node", "--max-semi-space-size=16", "--enable-source-maps", "backend/dist/main.js"]
