// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "deckgen",
    products: [
        .executable(name: "deckgen", targets: ["deckgen"]),
        .library(name: "DeckBuilder", targets: ["DeckBuilder"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        .systemLibrary(
            name: "CDuktape",
            pkgConfig: "duktape",
            providers: [.apt(["duktape-dev"])]
        ),
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]
        ),
        .systemLibrary(name: "CLinux"),
        // Lets cmark-gfm parsers with the same extensions parse at once (see shared_parsing.c).
        .target(name: "CCmarkSharedParsing"),
        .systemLibrary(
            name: "CJemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // The page templates, embedded in the binary so deckgen runs from any folder.
        .target(
            name: "DeckTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [
                .embedInCode("base.mustache"),
                .embedInCode("index.mustache"),
                .embedInCode("deck.mustache"),
                .embedInCode("review.mustache"),
                .embedInCode("style.css"),
                .embedInCode("quiz.js"),
                .embedInCode("report.mustache"),
                .embedInCode("report.css"),
            ]
        ),
        .target(
            name: "DeckBuilder",
            dependencies: ["CCmark", "CCmarkSharedParsing", "CYaml", "CCrypto", "CXXHash", "CDuktape", "CGumbo", "CCurl", "CLeptonica", "CLinux", "DeckTemplates"]
        ),
        .executableTarget(
            name: "deckgen",
            dependencies: ["DeckBuilder", "CJemalloc"]
        ),
        .testTarget(
            name: "DeckBuilderTests",
            dependencies: ["DeckBuilder"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
