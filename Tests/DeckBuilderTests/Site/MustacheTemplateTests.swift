import Testing
@testable import DeckBuilder

@Suite("Mustache template")
struct MustacheTemplateTests {
    // MARK: - Errors

    @Test("an unclosed section names the section, its position and the expected end tag")
    func unclosedSection() {
        let source = "<h1>{{title}}</h1>\n<ul>\n    {{#items}}\n  <li>{{.}}</li>\n</ul>\n"
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate(source, name: "deck.mustache") }
        #expect(error?.description == #"deck.mustache:3:5: unclosed section "items"; expected {{/items}}"#)
    }

    @Test("a mismatched section end points at the end tag and names the open section")
    func mismatchedEnd() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("{{#a}}\n  {{/b}}", name: "t") }
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.message == #"{{/b}} does not close section "a" opened at 1:1; expected {{/a}}"#)
    }

    @Test("an end tag with no open section is an error")
    func unexpectedEnd() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("x {{/a}}", name: "t") }
        #expect(error?.description == "t:1:3: unexpected {{/a}}: no section is open; expected a matching {{#a}} before it")
    }

    @Test("an unclosed tag quotes its start and the expected delimiter")
    func unclosedTag() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("Hello\n  {{name\n", name: "t") }
        #expect(error?.description == #"t:2:3: unclosed tag "{{name"; expected "}}""#)
    }

    @Test("a triple mustache needs three closing braces")
    func unclosedTriple() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("{{{raw}}", name: "t") }
        #expect(error?.description == #"t:1:1: unclosed tag "{{{raw}}"; expected "}}}""#)
    }

    @Test("bad delimiter changes are errors", arguments: ["{{=<% =}}", "{{=<%%>=}}", "{{=<% %> x=}}", "{{==% %==}}", "{{= =}}"])
    func badDelimiters(_ source: String) {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("ok\n " + source, name: "t") }
        #expect(error?.line == 2)
        #expect(error?.column == 2)
        #expect(error?.message.hasPrefix("invalid delimiter change") == true)
        #expect(error?.message.contains("expected two delimiters") == true)
    }

    @Test("a delimiter change without its closing = is unclosed")
    func unclosedDelimiterChange() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("{{=<% %>}}", name: "t") }
        #expect(error?.description == #"t:1:1: unclosed delimiter change "{{=<% %>}}"; expected "=}}""#)
    }

    @Test("errors quote the delimiters in force")
    func customDelimiterErrors() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("{{=<% %>=}}\n<%#list%>", name: "t") }
        #expect(error?.description == #"t:2:1: unclosed section "list"; expected <%/list%>"#)
    }

    @Test("empty tags and malformed names are errors", arguments: ["{{}}", "{{ }}", "{{a b}}", "{{a..b}}", "{{.a}}", "{{#}}{{/}}", "{{>}}"])
    func badNames(_ source: String) {
        #expect(throws: TemplateError.self) { try MustacheTemplate(source) }
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("ééé🧠 {{/x}}", name: "t") }
        #expect(error?.column == 6)
    }

    @Test("an unnamed template is reported as \"template\"")
    func unnamed() {
        let error = #expect(throws: TemplateError.self) { try MustacheTemplate("{{#a}}") }
        #expect(error?.description == #"template:1:1: unclosed section "a"; expected {{/a}}"#)
    }

    @Test("compile names each template after its key and reports the first broken one by name")
    func compileErrors() throws {
        let templates = try MustacheTemplate.compile(["a": "A{{>b}}", "b": "B"])
        #expect(templates["a"]?.name == "a")
        #expect(templates["a"]?.render([:], partials: templates) == "AB")
        let error = #expect(throws: TemplateError.self) {
            try MustacheTemplate.compile(["z.mustache": "{{#z}}", "y.mustache": "{{/y}}"])
        }
        #expect(error?.name == "y.mustache")
    }

    // MARK: - Output

    @Test("escapes variables, apostrophes included")
    func escaping() throws {
        let template = try MustacheTemplate(#"<p title="{{t}}">{{t}}</p>"#)
        #expect(template.render(["t": #"Tom & "Jerry's" <b>"#])
            == #"<p title="Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;">Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;</p>"#)
    }

    @Test("triple mustache and ampersand write raw HTML")
    func raw() throws {
        let template = try MustacheTemplate("{{{html}}}|{{& html}}|{{=<% %>=}}<%{html}%>")
        #expect(template.render(["html": "<em>'hi'</em>"]) == "<em>'hi'</em>|<em>'hi'</em>|<em>'hi'</em>")
    }

    @Test("numbers print as integers when whole and in short form otherwise")
    func numbers() throws {
        let template = try MustacheTemplate("{{#n}}{{.}} {{/n}}")
        #expect(template.render(["n": [85, 1.210, -3, 0.5, 1e15, 1e20]]) == "85 1.21 -3 0.5 1000000000000000 1e+20 ")
    }

    @Test("falsy values hide sections and show inverted ones", arguments: [
        TemplateValue.null, false, "", 0, [],
    ])
    func falsy(_ value: TemplateValue) throws {
        let template = try MustacheTemplate("{{#v}}yes{{/v}}{{^v}}no{{/v}}")
        #expect(template.render(["v": value]) == "no")
    }

    @Test("truthy scalars show sections with themselves as context", arguments: [
        TemplateValue.string("x"), 2, 0.5,
    ])
    func truthy(_ value: TemplateValue) throws {
        let template = try MustacheTemplate("{{#v}}[{{.}}]{{/v}}{{^v}}no{{/v}}")
        #expect(template.render(["v": value]) == "[\(value.text)]")
    }

    @Test("a missing partial renders nothing")
    func missingPartial() throws {
        #expect(try MustacheTemplate("a{{>nope}}b").render([:]) == "ab")
    }

    @Test("runaway partial recursion stops at the depth cap")
    func partialDepthCap() throws {
        let partials = try MustacheTemplate.compile(["p": "x{{>p}}"])
        let output = try MustacheTemplate("{{>p}}").render([:], partials: partials)
        #expect(output == String(repeating: "x", count: MustacheRenderer.maxPartialDepth))
    }

    @Test("recursive partials walk deep data")
    func deepData() throws {
        var tree: TemplateValue = ["name": "leaf", "children": []]
        for level in 0..<50 {
            tree = ["name": "n\(level)", "children": [tree]]
        }
        let partials = try MustacheTemplate.compile(["node": "{{name}}({{#children}}{{>node}}{{/children}})"])
        let output = try MustacheTemplate("{{>node}}").render(tree, partials: partials)
        #expect(output.hasPrefix("n49(n48("))
        #expect(output.hasSuffix("leaf()" + String(repeating: ")", count: 50)))
    }

    @Test("sections nest a hundred deep; deeper is an error at its tag, not a stack overflow")
    func deepSections() throws {
        let nested = { (depth: Int) in String(repeating: "{{#a}}", count: depth) + "{{b}}" + String(repeating: "{{/a}}", count: depth) }
        #expect(try MustacheTemplate(nested(100)).render(["a": true, "b": "deep"]) == "deep")
        #expect { try MustacheTemplate(nested(26_000)) } throws: { ($0 as? TemplateError)?.message.contains("nested more than 100 deep") == true }
    }

    @Test("a template that repeats itself without end stops at the limit and says so")
    func runaway() throws {
        // Small limits, so the test is quick; the build's are the defaults, checked on a release build by hand.
        let small = MustacheRenderer.Limits(outputBytes: 1 << 20, nodes: 1 << 18)
        let partials = try MustacheTemplate.compile(["base": "{{> base}}{{> base}}x"])
        let doubling = partials["base"]!.rendering([:], partials: partials, limits: small)
        #expect(doubling.overflowed && doubling.output.utf8.count <= 1 << 20)
        let lists = String(repeating: "{{#t}}", count: 40) + String(repeating: "word ", count: 50) + String(repeating: "{{/t}}", count: 40)
        let nested = try MustacheTemplate(lists).rendering(["t": ["a", "b", "c"]], partials: [:], limits: MustacheRenderer.Limits(outputBytes: 1 << 16))
        #expect(nested.overflowed && nested.output.utf8.count <= (1 << 16) + 250)
        #expect(!(try MustacheTemplate("{{#t}}{{.}}{{/t}}").rendering(["t": ["a", "b"]], partials: [:], limits: small).overflowed))
    }

    @Test("nested standalone partials add up their indentation")
    func nestedIndentation() throws {
        let partials = try MustacheTemplate.compile(["outer": "<ul>\n  {{>inner}}\n</ul>\n", "inner": "<li>{{x}}</li>\n\n<li/>\n"])
        let output = try MustacheTemplate("<div>\n  {{>outer}}\n</div>\n").render(["x": "1"], partials: partials)
        #expect(output == "<div>\n  <ul>\n    <li>1</li>\n\n    <li/>\n  </ul>\n</div>\n")
    }

    @Test("a template renders the same many times")
    func reuse() throws {
        let template = try MustacheTemplate("{{#items}}<li>{{.}}</li>{{/items}}")
        for count in 0..<3 {
            let items = TemplateValue.list((0..<count).map { .string("i\($0)") })
            #expect(template.render(["items": items]) == (0..<count).map { "<li>i\($0)</li>" }.joined())
        }
    }
}
