# The bot, with its SQLite file on a volume:
#   docker build -t solitaire-bot .
#   docker run -d --env-file .env -v solitaire-data:/data solitaire-bot
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY texts ./texts
COPY solitaire ./solitaire
COPY render ./render
COPY storage ./storage
COPY bot ./bot
RUN pip install --no-cache-dir .
ENV DATABASE_URL=sqlite:////data/solitaire.sqlite3
VOLUME /data
# SIGTERM closes the gateway and the database cleanly.
STOPSIGNAL SIGTERM
CMD ["solitaire-bot"]
