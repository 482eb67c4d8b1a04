#!/usr/bin/env python3
"""Renders known study text to scanned-looking pages, OCRs them with tesseract, and saves the pairs.

For each page set NAME it writes Tests/Fixtures/ocr-synthetic/NAME.ocr.txt (tesseract's raw output, pages
separated by form feeds as tesseract writes them) and NAME.truth.txt (the text as cleanup should leave it:
paragraphs separated by blank lines, list items as `- item` lines, no running head, no page number).
The pages carry what real scans carry: words hyphenated at line ends, a running head and a page number on
every page, a paragraph running over a page break, bullets, and noise, skew, blur or two columns.

Needs ImageMagick (convert), tesseract with eng, chi_sim and jpn, and fonts-noto-cjk.
Usage: bench/ocr_fixtures/make_fixtures.py [OUT_FOLDER] [--keep-images]
       bench/ocr_fixtures/make_fixtures.py --sample   (renders the sample site's content/scans/water-cycle.png)
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "ocr-synthetic")

WIDTH, HEIGHT, MARGIN = 1240, 1754, 110  # A4 at 150 dpi

ENGLISH = {
    "head": "Cell Biology - Chapter 3: Energy in the Cell",
    "blocks": [
        "Photosynthesis converts light energy into chemical energy. In the chloroplasts of plant cells, "
        "chlorophyll-containing thylakoid membranes capture photons, and the electrochemical gradient they "
        "build drives the synthesis of adenosine triphosphate. Characteristically, the light-dependent "
        "reactions release oxygen as a by-product.",
        "The Calvin cycle, in the stroma, fixes atmospheric carbon dioxide into three-carbon sugars. "
        "Ribulose-1,5-bisphosphate carboxylase, better known as RuBisCO, is the most abundant protein on "
        "Earth, yet it is remarkably inefficient: it frequently mistakes oxygen for carbon dioxide, a wasteful "
        "process called photorespiration.",
        ["Light reactions: thylakoid membranes, produce ATP and NADPH",
         "Calvin cycle: stroma, consumes ATP and NADPH",
         "Photorespiration: lowers the efficiency of carbon fixation"],
        "Mitochondrial respiration runs the process the other way round. Glycolysis in the cytoplasm splits "
        "glucose into pyruvate; the citric acid cycle oxidises it completely, and oxidative phosphorylation "
        "across the inner mitochondrial membrane yields most of the cell's adenosine triphosphate. "
        "Thermodynamically, both pathways obey the same conservation laws, which makes an interdisciplinary "
        "treatment of bioenergetics particularly illuminating.",
    ],
}

HISTORY = {
    "head": "Modern History - The French Revolution",
    "blocks": [
        "The storming of the Bastille on 14 July 1789 became the symbol of the revolution. The fortress held "
        "only seven prisoners, but its fall demonstrated that the monarchy could no longer rely on the army "
        "to maintain order in Paris.",
        "In August the National Constituent Assembly abolished feudal privileges and adopted the Declaration "
        "of the Rights of Man and of the Citizen, whose principles of liberty, equality and popular "
        "sovereignty were extraordinarily influential throughout nineteenth-century Europe.",
        ["Estates-General convened: May 1789",
         "Tennis Court Oath: 20 June 1789",
         "Declaration of the Rights of Man: 26 August 1789"],
        "Counter-revolutionary uprisings, economic difficulties and foreign war radicalised the revolution. "
        "The Committee of Public Safety, dominated by Maximilien Robespierre, instituted the Terror, during "
        "which approximately seventeen thousand people were officially executed.",
    ],
}

CHINESE = {
    "head": "中国古代史 第二章",
    "blocks": [
        "四大发明是指中国古代对世界具有很大影响的四种发明，即造纸术、指南针、火药和印刷术。"
        "这些发明经由各种途径传至西方，对世界文明的发展产生了深远的影响。",
        "东汉时期，蔡伦改进了造纸术，用树皮、麻头、破布和旧渔网作为原料，造出了价格低廉、便于书写的纸。"
        "纸的普及大大促进了文化的传播与教育的发展。",
        ["造纸术：东汉蔡伦改进", "活字印刷术：北宋毕昇发明", "指南针：用于航海"],
        "北宋时期，毕昇发明了活字印刷术，比欧洲早约四百年。火药最初由炼丹家在炼制丹药时偶然发现，"
        "后来被用于军事。",
    ],
}

JAPANESE = {
    "head": "日本史 第四章 江戸時代",
    "blocks": [
        "江戸時代は、徳川家康が江戸に幕府を開いた一六〇三年から、大政奉還が行われた一八六七年までの時代である。"
        "この間、日本は比較的平和な状態が長く続いた。",
        "幕府は鎖国政策をとり、オランダと中国以外の国との貿易を厳しく制限した。長崎の出島が唯一の窓口となった。",
        ["参勤交代：大名が江戸と領地を往復する制度", "鎖国：海外との交流の制限", "寺子屋：庶民の教育機関"],
        "町人文化も大きく発展し、歌舞伎や浮世絵、俳句などが人々の間で広く楽しまれた。",
    ],
}

# The scanned page of the sample site (content/scans/water-cycle.png): a short study text, slightly skewed.
SAMPLE = {
    "head": "Earth Science - The Water Cycle",
    "blocks": [
        "The water cycle describes how water moves between the oceans, the atmosphere and the land. "
        "It is driven by solar energy, which heats surface water, and by gravity, which returns it.",
        "Evaporation is the change of liquid water into water vapour, mostly over the oceans. Transpiration "
        "is the loss of water vapour from the leaves of plants.",
        "Condensation is the change of water vapour into the tiny droplets that make clouds. Precipitation is "
        "water that falls from clouds as rain, snow, sleet or hail.",
        ["Infiltration - water soaking into the soil",
         "Runoff - water flowing over the land into rivers and lakes",
         "Groundwater - water stored underground in porous rock",
         "Aquifer - a layer of rock that holds groundwater"],
    ],
}

# name, text, OCR language, font family, degradations, columns, page number of the first page
PAGES = [
    ("en-clean", ENGLISH, "eng", "DejaVu Serif", [], 1, 41),
    ("en-noise", HISTORY, "eng", "DejaVu Serif", ["noise"], 1, 112),
    ("en-skew", ENGLISH, "eng", "Nimbus Roman", ["skew"], 1, 42),
    ("en-blur", HISTORY, "eng", "DejaVu Sans", ["blur"], 1, 7),
    ("en-two-column", ENGLISH, "eng", "DejaVu Serif", ["noise"], 2, 88),
    ("zh-clean", CHINESE, "chi_sim", "Noto Sans CJK SC", [], 1, 23),
    ("zh-noise-skew", CHINESE, "chi_sim", "Noto Serif CJK SC", ["noise", "skew"], 1, 24),
    ("ja-blur", JAPANESE, "jpn", "Noto Sans CJK JP", ["blur"], 1, 56),
]


def font_file(family):
    """The font file fontconfig chooses for `family` (a .ttc holds several faces; ImageMagick takes the first)."""
    path = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True, check=True).stdout
    if not path:
        sys.exit(f"make_fixtures: no font for {family}; expected fonts-noto-cjk and fonts-dejavu")
    return path


def is_cjk(text):
    return any("\u3040" <= ch <= "\u9fff" for ch in text)


def wrap(text, width):
    """Lines of at most `width` characters; long words broken with a hyphen the way a typesetter would."""
    if is_cjk(text):
        return [text[i:i + width] for i in range(0, len(text), width)]
    lines, line = [], ""
    for word in text.split():
        room = width - len(line) - (1 if line else 0)
        if len(word) <= room:
            line = f"{line} {word}" if line else word
            continue
        # Break at a hyphen the word already has, else hyphenate words of 8 letters or more.
        cut = None
        if room >= 4:
            hyphens = [i + 1 for i, ch in enumerate(word[:room]) if ch == "-" and i >= 2]
            if hyphens:
                cut = (hyphens[-1], "")
            elif len(word) >= 8 and word.isalpha():
                at = min(room - 1, len(word) - 3)
                if at >= 3:
                    cut = (at, "-")
        if cut:
            at, mark = cut
            lines.append(f"{line} {word[:at]}{mark}" if line else word[:at] + mark)
            line = word[at:]
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def layout(blocks, width):
    """Body lines with blank lines between blocks; list items start with a bullet and indent their continuation."""
    out = []
    for block in blocks:
        if out:
            out.append("")
        if isinstance(block, list):
            for item in block:
                wrapped = wrap(item, width - 2)
                out.append("• " + wrapped[0])
                out.extend("  " + rest for rest in wrapped[1:])
        else:
            out.extend(wrap(block, width))
    return out


def truth(blocks):
    parts = []
    for block in blocks:
        parts.append("\n".join("- " + item for item in block) if isinstance(block, list) else block)
    return "\n\n".join(parts) + "\n"


def escape(text):
    """Text for -annotate, which reads `%` and `\\` as escapes (and `@file`, which the usual policy forbids)."""
    return text.replace("\\", "\\\\").replace("%", "%%")


def render(name, text, font, degradations, columns, first_number, workdir, pages=2):
    cjk = is_cjk(truth(text["blocks"]))
    size = 30 if cjk else 26
    column_gap = 60
    column_width = (WIDTH - 2 * MARGIN - (columns - 1) * column_gap) // columns
    chars = int(column_width / (size * (1.0 if cjk else 0.52)))
    lines = layout(text["blocks"], chars)
    line_height = int(size * 1.6)
    per_column = (HEIGHT - 2 * MARGIN - 120) // line_height
    # Short pages for one-column sets, so the text runs over a page break.
    if columns == 1 and pages > 1:
        per_column = min(per_column, (len(lines) + 1) // 2 + 1)
    per_page = per_column * columns
    pages = [lines[i:i + per_page] for i in range(0, len(lines), per_page)]
    images = []
    for index, page in enumerate(pages):
        args = ["convert", "-seed", "7", "-size", f"{WIDTH}x{HEIGHT}", "xc:white", "-font", font, "-fill", "black"]
        args += ["-pointsize", str(int(size * 0.75)), "-annotate", f"+{MARGIN}+{MARGIN}", text["head"]]
        args += ["-stroke", "black", "-strokewidth", "1", "-draw",
                 f"line {MARGIN},{MARGIN + 14} {WIDTH - MARGIN},{MARGIN + 14}", "-stroke", "none"]
        args += ["-pointsize", str(size)]
        for column in range(columns):
            chunk = page[column * per_column:(column + 1) * per_column]
            x = MARGIN + column * (column_width + column_gap)
            args += ["-interline-spacing", str(line_height - size), "-annotate", f"+{x}+{MARGIN + 80}", escape("\n".join(chunk))]
        args += ["-pointsize", str(int(size * 0.8)), "-gravity", "south",
                 "-annotate", f"+0+{MARGIN // 2}", str(first_number + index), "-gravity", "northwest"]
        if "blur" in degradations:
            args += ["-blur", "0x1.1", "-resize", "85%"]
        if "skew" in degradations:
            args += ["-background", "white", "-rotate", "1.3"]
        if "noise" in degradations:
            args += ["-attenuate", "0.6", "+noise", "Gaussian"]
        args += ["-colorspace", "Gray", "-depth", "8"]
        image = os.path.join(workdir, f"{name}-{index + 1}.png")
        subprocess.run(args + [image], check=True)
        images.append(image)
    return images


def ocr(images, lang, workdir):
    """Tesseract's text for the pages, read as one document: pages end with a form feed, as tesseract writes."""
    listing = os.path.join(workdir, "pages.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(images) + "\n")
    result = subprocess.run(["tesseract", listing, "stdout", "-l", lang, "--psm", "3"],
                            capture_output=True, text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    if result.returncode != 0:
        sys.exit(f"make_fixtures: tesseract failed: {result.stderr.strip()}")
    return result.stdout


def main():
    out = next((a for a in sys.argv[1:] if not a.startswith("--")), OUT)
    keep = "--keep-images" in sys.argv
    if "--sample" in sys.argv:
        target = os.path.join(ROOT, "content", "scans", "water-cycle.png")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with tempfile.TemporaryDirectory() as workdir:
            images = render("water-cycle", SAMPLE, font_file("DejaVu Serif"), ["skew"], 1, 9, workdir, pages=1)
            # Few grey levels keep the file small enough to commit (about 100 kB rather than 1 MB).
            subprocess.run(["convert", images[0], "-colors", "8", "-strip", target], check=True)
        print(f"wrote {target}", file=sys.stderr)
        return
    for tool in ("convert", "tesseract", "fc-match"):
        if not shutil.which(tool):
            sys.exit(f"make_fixtures: {tool} not found; expected imagemagick, tesseract-ocr and fontconfig (scripts/install-deps.sh test)")
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        for name, text, lang, family, degradations, columns, number in PAGES:
            images = render(name, text, font_file(family), degradations, columns, number, workdir)
            raw = ocr(images, lang, workdir)
            with open(os.path.join(out, f"{name}.ocr.txt"), "w", encoding="utf-8") as handle:
                handle.write(raw)
            with open(os.path.join(out, f"{name}.truth.txt"), "w", encoding="utf-8") as handle:
                handle.write(truth(text["blocks"]))
            if keep:
                for image in images:
                    shutil.copy(image, out)
            print(f"{name}: {len(images)} page(s), {len(raw)} characters read", file=sys.stderr)


if __name__ == "__main__":
    main()
