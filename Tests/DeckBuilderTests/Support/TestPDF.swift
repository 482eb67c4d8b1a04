import Foundation

/// Small PDFs made for the tests, as scanner apps make them: pages with a text layer, or pages that are only images.
enum TestPDF {
    /// A PDF whose pages hold `pages` as text (Helvetica, one line of the PDF per line of text).
    static func withText(_ pages: [String]) -> Data {
        var objects = [Data]()
        let font = 3 + 2 * pages.count
        var kids = [String]()
        for (index, text) in pages.enumerated() {
            let page = 3 + 2 * index, content = page + 1
            kids.append("\(page) 0 R")
            let lines = text.split(separator: "\n").map { line in
                "(" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                    .replacingOccurrences(of: ")", with: "\\)") + ") Tj 0 -18 Td"
            }
            let stream = "BT /F1 12 Tf 72 760 Td " + lines.joined(separator: " ") + " ET"
            objects.append(Data("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(content) 0 R >>".utf8))
            objects.append(Data("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream".utf8))
        }
        objects.append(Data("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8))
        return assemble(objects, kids: kids)
    }

    /// A PDF whose pages are only the given PNG images (8-bit grey, not interlaced), with no text layer.
    static func withImages(_ pngs: [Data]) -> Data {
        var objects = [Data]()
        var kids = [String]()
        for (index, png) in pngs.enumerated() {
            let (width, height, pixels) = pngImage(png)
            let page = 3 + 3 * index, content = page + 1, image = page + 2
            kids.append("\(page) 0 R")
            // 150 pixels to the inch.
            let w = width * 72 / 150, h = height * 72 / 150
            let stream = "q \(w) 0 0 \(h) 0 0 cm /Im1 Do Q"
            objects.append(Data("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(w) \(h)] /Resources << /XObject << /Im1 \(image) 0 R >> >> /Contents \(content) 0 R >>".utf8))
            objects.append(Data("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream".utf8))
            // PNG's own compressed rows, which PDF reads with the PNG predictors.
            objects.append(Data("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns \(width) >> /Length \(pixels.count) >>\nstream\n".utf8)
                           + pixels + Data("\nendstream".utf8))
        }
        return assemble(objects, kids: kids)
    }

    /// Catalog and page tree first (objects 1 and 2), then `objects` from 3, then the cross-reference table.
    private static func assemble(_ objects: [Data], kids: [String]) -> Data {
        let all = [Data("<< /Type /Catalog /Pages 2 0 R >>".utf8),
                   Data("<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(kids.count) >>".utf8)] + objects
        var pdf = Data("%PDF-1.4\n".utf8)
        var offsets = [Int]()
        for (index, object) in all.enumerated() {
            offsets.append(pdf.count)
            pdf += Data("\(index + 1) 0 obj\n".utf8) + object + Data("\nendobj\n".utf8)
        }
        let table = pdf.count
        pdf += Data("xref\n0 \(all.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { pdf += Data(String(format: "%010d 00000 n \n", offset).utf8) }
        pdf += Data("trailer\n<< /Size \(all.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return pdf
    }

    /// Width, height and the joined IDAT data of a PNG.
    private static func pngImage(_ png: Data) -> (Int, Int, Data) {
        let bytes = [UInt8](png)
        var offset = 8, width = 0, height = 0
        var data = Data()
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 8 <= bytes.count {
            let length = number(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            if type == "IHDR" {
                width = number(body)
                height = number(body + 4)
            } else if type == "IDAT" {
                data += Data(bytes[body..<body + length])
            }
            offset = body + length + 4
        }
        return (width, height, data)
    }
}
