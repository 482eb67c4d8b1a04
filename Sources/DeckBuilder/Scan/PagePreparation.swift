import CLeptonica
import Foundation

/// Prepares a page image for tesseract with leptonica: background normalisation (uneven light and the shadow of a
/// hand or phone), deskew, then Sauvola binarisation. Measured on photographed-style pages made from clean text
/// (`bench/ocr_photos`), each step lowers the word error rate; on scanned pages it leaves it as it was or lowers it.
enum PagePreparation {
    /// The prepared page written as a PNG to `output`, or nil when leptonica cannot read the image (tesseract then
    /// reads the original).
    static func prepare(_ image: URL, into output: URL) -> URL? {
        setMsgSeverity(Int32(L_SEVERITY_NONE))
        var images = [UnsafeMutablePointer<PIX>?]()
        // Every image made on the way is freed once the page is written.
        defer { for index in images.indices { pixDestroy(&images[index]) } }
        func kept(_ pix: UnsafeMutablePointer<PIX>?) -> UnsafeMutablePointer<PIX>? {
            images.append(pix)
            return pix
        }
        guard let original = kept(pixRead(image.path)), let grey = kept(pixConvertTo8(original, 0)),
              // Background normalisation: a photo's light falls off across the page; this evens it out.
              let even = kept(pixBackgroundNormSimple(grey, nil, nil)),
              // Deskew: leptonica finds the skew from the text lines and rotates them level.
              let level = kept(pixDeskew(even, 0)) else { return nil }
        // Sauvola binarisation (local thresholds): dark text on a page still lighter in one corner than another.
        var binary: UnsafeMutablePointer<PIX>?
        guard pixSauvolaBinarize(level, 12, 0.34, 1, nil, nil, nil, &binary) == 0, kept(binary) != nil else { return nil }
        return pixWrite(output.path, binary, Int32(IFF_PNG)) == 0 ? output : nil
    }

    /// `image` turned `quadrants` quarter turns clockwise, written as a PNG to `output`; nil when it cannot be.
    static func rotated(_ image: URL, quadrants: Int, into output: URL) -> URL? {
        var original = pixRead(image.path), turned: UnsafeMutablePointer<PIX>?
        defer {
            pixDestroy(&original)
            pixDestroy(&turned)
        }
        guard original != nil else { return nil }
        turned = pixRotateOrth(original, Int32(quadrants))
        guard turned != nil else { return nil }
        return pixWrite(output.path, turned, Int32(IFF_PNG)) == 0 ? output : nil
    }
}
