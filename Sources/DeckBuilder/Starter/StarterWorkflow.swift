/// The CI workflow `deckgen init` writes as `.github/workflows/deckgen.yml`; deckgen's own repository keeps
/// the same file as `examples/ci/publish.yml` (a test holds the two together).
enum StarterWorkflow {
    /// The workflow for a repository whose content folder is `content` (`.` when the repository is the folder).
    static func text(content: String) -> String {
        #"""
        # Builds the study decks with deckgen and publishes them with GitHub Pages, on every push to main.
        #
        # To use it, copy this file to .github/workflows/ in your repository and, under Settings → Pages,
        # choose "GitHub Actions" as the source. `deckgen init` writes this same file as
        # .github/workflows/deckgen.yml, with CONTENT set to "." (there the repository is the content folder).
        #
        # Commit the question store (CONTENT/.deckgen/) with your notes: the build runs with --offline, so it
        # needs no API key, sends nothing to a model, and shows exactly the questions you reviewed.
        #
        # Swift must be available on the runner: the build job runs in the official Swift container image.
        # Everything else is installed with apt; nothing is downloaded any other way.

        name: Publish the study decks

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        # One deployment at a time; a newer push waits rather than cancelling one under way.
        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The content folder, relative to the repository's root.
          CONTENT: \#(content)
          # Where deckgen's sources come from: this repository when it holds them (a Package.swift at its root),
          # else the repository named here (owner/name) at DECKGEN_REF.
          DECKGEN_REPOSITORY: ""
          DECKGEN_REF: main

        jobs:
          build:
            runs-on: ubuntu-latest
            container: swift:6.3
            defaults:
              run:
                # bash -eo pipefail: a failing deckgen fails the step even with its output piped on.
                shell: bash
            steps:
              - name: Check out the notes
                uses: actions/checkout@v4

              - name: Check out deckgen's sources
                if: hashFiles('Package.swift') == '' && env.DECKGEN_REPOSITORY != ''
                uses: actions/checkout@v4
                with:
                  repository: ${{ env.DECKGEN_REPOSITORY }}
                  ref: ${{ env.DECKGEN_REF }}
                  # A folder whose name starts with "." is never read as content.
                  path: .deckgen-source

              - name: Install the libraries deckgen builds on, the word list and tesseract (apt only)
                run: |
                  apt-get update -qq
                  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                    pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev libjemalloc-dev libxxhash-dev duktape-dev libjs-katex libgumbo-dev wamerican \
                    tesseract-ocr

              - name: Build deckgen
                run: |
                  if [ -f Package.swift ]; then source=.; elif [ -f .deckgen-source/Package.swift ]; then source=.deckgen-source; else
                    echo "::error::deckgen's sources are not in this repository; set DECKGEN_REPOSITORY in this workflow"; exit 1
                  fi
                  swift build -c release --product deckgen --package-path "$source" --scratch-path "$RUNNER_TEMP/deckgen-build"
                  echo "$RUNNER_TEMP/deckgen-build/release" >> "$GITHUB_PATH"

              - name: Check the notes, quiz blocks and stored questions
                run: deckgen check "$CONTENT"

              - name: Build the site
                # --json: one line of counts and diagnostics on standard output, kept as build.json for later steps.
                run: deckgen build "$CONTENT" --offline -o site --json | tee "$RUNNER_TEMP/build.json"

              - name: Upload the site
                uses: actions/upload-pages-artifact@v3
                with:
                  path: site

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Publish the site
                id: deployment
                uses: actions/deploy-pages@v4

        """#
    }
}
