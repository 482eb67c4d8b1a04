import Foundation
import Testing
@testable import DeckBuilder

@Suite("Attachments")
struct NoteAttachmentTests {
    @Test("only types every browser knows as inert are copied; SVG is wrapped; HTML, XML and unknown types get a page",
          arguments: [
              ("figure.PNG", NoteAttachment.copied, "files/figure.PNG"), ("notes/paper.pdf", .copied, "files/notes/paper.pdf"),
              ("data.csv", .copied, "files/data.csv"), ("clip.webm", .copied, "files/clip.webm"),
              ("diagram.svg", .wrappedSVG, "files/diagram.svg"),
              ("handout.html", .viewer, "files/handout.html.html"), ("page.XHTML", .viewer, "files/page.XHTML.html"),
              ("feed.xml", .viewer, "files/feed.xml.html"), ("map.kml", .viewer, "files/map.kml.html"),
              ("essay.docx", .viewer, "files/essay.docx.html"), ("README", .viewer, "files/README.html"),
              (".hidden", .viewer, "files/.hidden.html"),
          ])
    func kinds(path: String, kind: NoteAttachment, sitePath: String) {
        #expect(NoteAttachment.kind(ofPath: path) == kind)
        #expect(NoteAttachment.sitePath(of: path) == sitePath)
    }

    @Test("a wrapped SVG carries the original only as an image, with its size")
    func wrappedSVG() throws {
        let original = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120" height='60' viewBox="0 0 120 60" onload="alert(1)"><script>alert(2)</script></svg>"#
        let wrapped = AttachmentPage.wrappedSVG(Array(original.utf8))
        #expect(wrapped.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60"><image "#))
        #expect(!wrapped.contains("script") && !wrapped.contains("onload") && !wrapped.contains("alert"))
        let encoded = try #require(wrapped.split(separator: "base64,").last?.split(separator: "\"").first)
        #expect(Data(base64Encoded: String(encoded)) == Data(original.utf8))
        // A size attribute that is not a plain size is left off.
        #expect(AttachmentPage.rootAttributes(of: Array(#"<svg width="1&quot;><script>" height="5">"#.utf8)).map(\.name) == ["height"])
    }

    @Test("a viewer page shows HTML in a frame with scripts off, text as text, and offers the original; nothing in it runs")
    func viewer() throws {
        let html = AttachmentPage.viewer(name: "a\"b.html", bytes: Array("<p onclick=\"x()\">Hi</p><script>alert(1)</script>".utf8))
        #expect(html.contains(#"<iframe sandbox title="a&quot;b.html" srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Hi&lt;/p&gt;&lt;script&gt;"#))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"))
        #expect(!html.contains("<script") && !html.contains("allow-scripts"))
        #expect(html.contains("download=\"a&quot;b.html\" href=\"data:application/octet-stream;base64,"))
        let xml = AttachmentPage.viewer(name: "feed.xml", bytes: Array("<?xml-stylesheet href=\"x.xsl\"?><a/>".utf8))
        #expect(xml.contains("<pre>&lt;?xml-stylesheet href=&quot;x.xsl&quot;?&gt;&lt;a/&gt;</pre>") && !xml.contains("<iframe"))
        let binary = AttachmentPage.viewer(name: "x.docx", bytes: [0x50, 0x4B, 0x03, 0x04, 0, 1, 2])
        #expect(binary.contains("not text") && !binary.contains("<pre>"))
        let large = AttachmentPage.viewer(name: "big.bin", bytes: [UInt8](repeating: 0, count: AttachmentPage.largestDownload + 1))
        #expect(large.contains("too large to include") && !large.contains("base64,"))
    }
}
