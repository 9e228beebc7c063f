# The bot, with its SQLite file on a volume:
#   docker build -t solitaire-bot .
#   docker run -d --env-file .env -v solitaire-data:/data solitaire-bot
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY texts ./texts
COPY solitaire ./solitaire
COPY render ./render
COPY storage ./storage
COPY bot ./bot
# A C compiler for the compiled searches (setup.py), removed again after.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && SOLITAIRE_COMPILE=required pip install --no-cache-dir . \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
ENV DATABASE_URL=sqlite:////data/solitaire.sqlite3
VOLUME /data
# SIGTERM closes the gateway and the database cleanly.
STOPSIGNAL SIGTERM
CMD ["solitaire-bot"]
