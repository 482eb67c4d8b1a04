/// Maps a value range linearly onto a pixel range; the y axes run bottom-up, so `range` may be decreasing.
struct ChartScale {
    var domain: ClosedRange<Double>
    var range: (from: Double, to: Double)

    func callAsFunction(_ value: Double) -> Double {
        let fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        return range.from + fraction * (range.to - range.from)
    }
}

/// Equal slots side by side along x, one per month or day, with bars centred in each.
struct ChartBands {
    var start: Double
    var width: Double
    var count: Int

    var step: Double { width / Double(max(count, 1)) }

    func left(_ index: Int) -> Double { start + Double(index) * step }

    func centre(_ index: Int) -> Double { left(index) + step / 2 }
}
