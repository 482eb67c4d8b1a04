import CDuktape
import Foundation

/// TeX to MathML at build time: Debian's KaTeX (`libjs-katex`) running in an embedded Duktape engine; the only
/// place deckgen touches Duktape.
///
/// Loading KaTeX takes a quarter of a second and a formula about a millisecond, and a Duktape heap serves one
/// thread at a time: `shared` hands out one engine per core, each made when first needed, so notes rendered in
/// parallel typeset in parallel. Pages get MathML only, so they need no script and no font.
final class KaTeX: @unchecked Sendable {
    /// Where Debian installs KaTeX.
    static let scriptPath = "/usr/share/javascript/katex/katex.min.js"

    /// The process's engines; nil when KaTeX is not installed or does not load.
    static let shared: Pool? = Pool()

    /// Engines for as many threads as there are cores.
    final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [KaTeX]
        private var made: Int
        private let limit = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

        fileprivate init?() {
            guard let first = KaTeX(scriptPath: KaTeX.scriptPath) else { return nil }
            idle = [first]
            made = 1
        }

        /// `tex` as MathML, typeset by an idle engine (made anew while fewer than one per core exist).
        func mathML(_ tex: String, display: Bool) -> Result<String, Failure> {
            let engine = take()
            defer { give(engine) }
            return engine.mathML(tex, display: display)
        }

        private func take() -> KaTeX {
            lock.lock()
            if let engine = idle.popLast() {
                lock.unlock()
                return engine
            }
            let mayMake = made < limit
            if mayMake { made += 1 }
            lock.unlock()
            // A new engine loads the same script the first did; should it fail now, wait for one in use.
            if mayMake, let engine = KaTeX(scriptPath: KaTeX.scriptPath) { return engine }
            while true {
                lock.lock()
                if let engine = idle.popLast() {
                    lock.unlock()
                    return engine
                }
                lock.unlock()
                usleep(200)
            }
        }

        private func give(_ engine: KaTeX) {
            lock.lock()
            idle.append(engine)
            lock.unlock()
        }
    }

    /// TeX commands that can carry a link, an HTML attribute or a file: refused whatever KaTeX's settings.
    static let refusedCommands = ["\\href", "\\url", "\\htmlId", "\\htmlClass", "\\htmlStyle", "\\htmlData",
                                  "\\includegraphics"]

    /// The longest formula typeset; a longer one is shown as its source.
    static let maximumLength = 5_000

    private let context: OpaquePointer

    private init?(scriptPath: String) {
        guard let script = FileManager.default.contents(atPath: scriptPath), let context = deck_duk_create_heap() else { return nil }
        self.context = context
        // KaTeX's UMD wrapper looks for `self` or `this`; the `render` function takes its input as arguments, so no
        // TeX is ever spliced into source code.
        // Duktape implements ES5.1 and part of ES2015: the few later built-ins KaTeX calls are added here.
        let prelude = """
        var self = this;
        if (!Array.prototype.fill) { Array.prototype.fill = function (v, s, e) { var n = this.length; s = s === undefined ? 0 : (s < 0 ? Math.max(n + s, 0) : Math.min(s, n)); e = e === undefined ? n : (e < 0 ? Math.max(n + e, 0) : Math.min(e, n)); for (var i = s; i < e; i++) { this[i] = v; } return this; }; }
        if (!Array.prototype.includes) { Array.prototype.includes = function (v) { return this.indexOf(v) !== -1; }; }
        if (!Array.prototype.find) { Array.prototype.find = function (f) { for (var i = 0; i < this.length; i++) { if (f(this[i], i, this)) { return this[i]; } } return undefined; }; }
        if (!Array.prototype.findIndex) { Array.prototype.findIndex = function (f) { for (var i = 0; i < this.length; i++) { if (f(this[i], i, this)) { return i; } } return -1; }; }
        if (!Array.from) { Array.from = function (a, f) { var r = []; for (var i = 0; i < a.length; i++) { r.push(f ? f(a[i], i) : a[i]); } return r; }; }
        if (!String.prototype.includes) { String.prototype.includes = function (s, p) { return this.indexOf(s, p || 0) !== -1; }; }
        if (!String.prototype.startsWith) { String.prototype.startsWith = function (s, p) { p = p || 0; return this.substr(p, s.length) === s; }; }
        if (!String.prototype.endsWith) { String.prototype.endsWith = function (s) { return this.length >= s.length && this.substr(this.length - s.length) === s; }; }
        if (!String.prototype.repeat) { String.prototype.repeat = function (n) { var r = ""; for (var i = 0; i < n; i++) { r += this; } return r; }; }
        if (!Object.assign) { Object.assign = function (t) { for (var i = 1; i < arguments.length; i++) { var s = arguments[i]; if (s) { for (var k in s) { if (Object.prototype.hasOwnProperty.call(s, k)) { t[k] = s[k]; } } } } return t; }; }
        if (!Math.log2) { Math.log2 = function (x) { return Math.log(x) / Math.LN2; }; }
        if (!Math.sign) { Math.sign = function (x) { return x > 0 ? 1 : x < 0 ? -1 : x; }; }
        if (!Math.trunc) { Math.trunc = function (x) { return x < 0 ? Math.ceil(x) : Math.floor(x); }; }
        if (!Number.isFinite) { Number.isFinite = function (x) { return typeof x === "number" && isFinite(x); }; }
        """
        let renderer = """
        function deckRender(tex, display) {
          return katex.renderToString(tex, {output: "mathml", displayMode: display, throwOnError: true, trust: false,
                                           strict: "ignore", maxSize: 20, maxExpand: 500});
        }
        """
        guard evaluate(prelude), evaluate(String(decoding: script, as: UTF8.self)), evaluate(renderer) else {
            duk_destroy_heap(context)
            return nil
        }
    }

    deinit {
        duk_destroy_heap(context)
    }

    /// Why a formula could not be typeset.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// `tex` as one `<math>` element (`display="block"` for display maths), or why it cannot be; one thread at a time.
    func mathML(_ tex: String, display: Bool) -> Result<String, Failure> {
        if let command = Self.refusedCommands.first(where: { Self.holds(tex, command: $0) }) {
            return .failure(Failure(message: "\(command) is refused (it can carry a link or HTML)"))
        }
        guard tex.utf8.count <= Self.maximumLength else {
            return .failure(Failure(message: "longer than \(Self.maximumLength) bytes"))
        }
        duk_get_global_string(context, "deckRender")
        tex.withCString { pointer in _ = duk_push_lstring(context, pointer, duk_size_t(strlen(pointer))) }
        duk_push_boolean(context, display ? 1 : 0)
        defer { duk_pop(context) }
        let status = duk_pcall(context, 2)
        let text = String(cString: duk_safe_to_lstring(context, -1, nil))
        guard status == DUK_EXEC_SUCCESS else {
            return .failure(Failure(message: text.replacingOccurrences(of: "ParseError: KaTeX parse error: ", with: "")))
        }
        // `<span class="katex"><math …>…</math></span>`: the element alone, styled by the page.
        guard let start = text.range(of: "<math"), let end = text.range(of: "</math>", options: .backwards) else {
            return .failure(Failure(message: "KaTeX gave no MathML"))
        }
        return .success(String(text[start.lowerBound..<end.upperBound]))
    }

    /// Whether `tex` uses `command` as a command: not as the start of a longer one (`\urlx`).
    static func holds(_ tex: String, command: String) -> Bool {
        var rest = Substring(tex)
        while let found = rest.range(of: command) {
            let next = rest[found.upperBound...].first
            if next.map({ !$0.isLetter }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    private func evaluate(_ source: String) -> Bool {
        let ok = source.withCString { pointer in
            deck_duk_peval_lstring(context, pointer, duk_size_t(strlen(pointer))) == DUK_EXEC_SUCCESS
        }
        duk_pop(context)
        return ok
    }
}
