/// The files `deckgen init` writes: a small content folder that builds with no warning and checks clean.
///
/// Each shows one kind of input: a note with a hand-written quiz block, a note whose definitions and table
/// give offline questions, OCR text whose cleanup shows (a word hyphenated across lines, a page number),
/// a two-month headache diary, and a `deckgen.yml` with every setting commented out.
enum StarterFiles {
    /// One file of the starter folder.
    struct File: Sendable, Equatable {
        /// The path inside the folder, with `/` between names.
        var path: String
        var text: String
        /// What it is, as `init` lists it.
        var about: String
    }

    /// Every file, in the order `init` checks and writes them.
    static let all: [File] = [
        File(path: "deckgen.yml", text: settings, about: "the site's settings, every one commented out"),
        File(path: ".gitignore", text: gitignore, about: "keeps the built site out of Git"),
        File(path: ".github/workflows/deckgen.yml", text: StarterWorkflow.text(content: "."),
             about: "builds and publishes the site with GitHub Pages"),
        File(path: "astronomy/the-moon.md", text: moon, about: "a note with a hand-written quiz block"),
        File(path: "getting-started/writing-notes.md", text: writingNotes, about: "a note whose definitions and table make questions"),
        File(path: "scans/tides-page.txt", text: scannedPage, about: "a scanned page as OCR text, cleaned up when built"),
        File(path: "diary/headache-diary.csv", text: diary, about: "a migraine diary, which becomes a report page"),
    ]

    /// The built site is made again by every build: it does not belong in Git.
    static let gitignore = "site/\n"

    /// A note with a hand-written quiz block, definitions and a table.
    static let moon = #"""
        ---
        title: The Moon
        tags: [astronomy, sample]
        ---

        # The Moon

        The **Moon** is Earth's only natural satellite. It is about a quarter as wide as Earth and
        orbits it once every 27.3 days, always keeping the same face towards us.

        ## Phases

        The Moon makes no light of its own: we see the half that faces the Sun. As it goes round
        Earth, we see more or less of that lit half.

        - **New moon**: the Moon lies between Earth and the Sun, and its lit side faces away from us.
        - **First quarter**: half of the disc is lit, a week after the new moon.
        - **Full moon**: Earth lies between the Sun and the Moon, and the whole disc is lit.

        ## Tides

        | Tide | When | Range |
        |---|---|---|
        | Spring tide | New and full moon | Largest |
        | Neap tide | First and last quarter | Smallest |

        ```quiz
        Q: Why do we always see the same face of the Moon?
        - [ ] The Moon does not rotate
        - [x] It turns once on its axis in the time it takes to orbit Earth
        - [ ] Earth's shadow hides the other side
        > The Moon is tidally locked: one rotation takes as long as one orbit, 27.3 days.

        Q: At which phase does Earth lie between the Sun and the Moon?
        - [ ] New moon
        - [ ] First quarter
        - [x] Full moon
        > With Earth in the middle, the whole sunlit half of the Moon faces us.
        ```

        """#

    /// A note about notes: front matter, definitions that make questions, a settings table.
    static let writingNotes = #"""
        ---
        title: Writing notes
        tags: [deckgen, sample]
        ---

        # Writing notes

        Every Markdown file in this folder becomes a deck: a page to read, print and quiz yourself
        on. Each folder becomes a section of the index.

        ## Parts of a note

        - **Front matter**: the settings between two lines of three dashes at the top of a note.
        - **Definition**: a line that starts with a term in bold, then a colon and its meaning.
        - **Quiz block**: a fenced block marked quiz, holding questions you write yourself.
        - **Question store**: the folder where deckgen keeps the questions it wrote, for you to review.

        ## Settings

        | Setting | Where | Example |
        |---|---|---|
        | Title | front matter | `title: The Moon` |
        | Questions per deck | front matter | `questions: 8` |
        | Site title | deckgen.yml | `title: My study decks` |

        Run `deckgen build` after each change, and `deckgen check` before you publish.

        """#

    /// OCR text as a scanner gives it: a word hyphenated at a line end, a page number at the foot.
    static let scannedPage = #"""
        Ocean tides

        The tides are the daily rise and fall of the sea. They are raised mainly by
        the Moon's gravity, which pulls hardest on the side of Earth that faces it,
        and partly by the Sun. Most coasts see two high waters and two low wa-
        ters every day, about twelve hours and twenty-five minutes apart.

        When the Sun and the Moon pull in line, at new and full moon, the
        tides are largest: these are spring tides. When they pull at right an-
        gles, at the quarter moons, the tides are smallest: these are neap tides.

        - 17 -

        """#

    /// Ten attacks over two months, with the columns the README's "Diary reports" describes.
    static let diary = #"""
        start,end,intensity,type,location,symptoms,aura,triggers,place,medication,relief,note
        2025-03-03T07:30,2025-03-03T14:00,6,migraine without aura,left temple,nausea; light sensitivity,,poor sleep,home,ibuprofen 400 mg,partial,Woke up with it
        2025-03-09T18:15,2025-03-10T08:00,7,migraine without aura,behind right eye,nausea; vomiting,,red wine,restaurant,sumatriptan 50 mg @ 2025-03-09T18:45,good,Slept it off
        2025-03-14T13:00,2025-03-14T16:30,3,tension-type headache,both sides,,,screen time; stress,work,paracetamol 1000 mg,good,
        2025-03-22T09:00,2025-03-22T19:30,8,migraine with aura,right side,nausea; light sensitivity; sound sensitivity,zigzag lines for 20 min,bright light,work,sumatriptan 50 mg; ibuprofen 400 mg @ 13:00,partial,Went home early
        2025-03-29T21:40,2025-03-30T06:10,5,migraine without aura,left temple,nausea,,skipped meal,home,sumatriptan 50 mg @ 2025-03-29T22:00,good,
        2025-04-04T16:00,2025-04-04T19:00,4,,forehead,,,dehydration,gym,,,
        2025-04-11T06:20,2025-04-11T22:00,7,migraine without aura,left temple,nausea; light sensitivity,,weather change,home,sumatriptan 50 mg @ 06:40; sumatriptan 50 mg @ 15:00,partial,Second dose needed
        2025-04-17T11:00,2025-04-17T13:30,3,tension-type headache,both sides,,,stress,work,paracetamol 1000 mg,good,
        2025-04-24T19:30,2025-04-25T07:45,6,migraine without aura,behind left eye,nausea,,menstruation,home,rizatriptan 10 mg @ 2025-04-24T20:00,good,
        2025-04-29T08:10,2025-04-29T12:00,5,,left side,light sensitivity,,poor sleep,work,naproxen 500 mg,good,

        """#

    /// Every setting of `deckgen.yml`, commented out with a line on what it does; uncommented, it still reads cleanly.
    static let settings = #"""
        # deckgen.yml: the settings of this content folder.
        # Each setting below is commented out, so deckgen's default applies. To change one,
        # delete the "# " in front of it (and in front of its block's name, for a nested one).

        # title: Study decks            # the site's name, shown on the index and at the top of every page
        # lang: en                      # the language of notes that do not set their own `lang:` (en, fr, zh, ja…)
        # id: my-study-decks            # what browsers keep study progress under; by default a digest of the title

        # llm:                          # the model `deckgen build --llm PROVIDER` asks (this file alone never asks one)
        #   provider: offline           # offline (built in: no key, no network) | openai (any OpenAI-compatible server) | gemini
        #   model: gpt-4o-mini          # the model to ask
        #   url: http://127.0.0.1:11434/v1  # a server on this machine (this one is a local Ollama), sent no key; others need --llm-url
        #   key_env: OPENAI_API_KEY     # the environment variable holding the key (a name ending in KEY naming the service); never the key itself
        #   concurrency: 4              # requests in flight at once
        #   context: 8192               # the model's context size in tokens: longer notes are cut at headings
        #   max_tokens: 2048            # the longest answer asked for
        #   reasoning_effort: low       # for OpenAI reasoning models (o4-mini, gpt-5-mini): minimal, low, medium or high

        # ocr:                          # scanned images, read with tesseract when it is installed
        #   lang: eng                   # tesseract's language names: eng, chi_sim, jpn, or several as eng+jpn

        # diary:                        # headache diaries (CSV or JSON), which become report pages
        #   date_format: dd/mm/yyyy     # how dates with slashes are written: dd/mm/yyyy or mm/dd/yyyy
        #   name: A. Patient            # the patient's name, shown at the top of each report
        #   medications:                # drugs deckgen's table lacks, each with its class
        #     mylocalbrand: triptan     # triptan | ergot | opioid | combination | simple | gepant_ditan | none

        """#
}
