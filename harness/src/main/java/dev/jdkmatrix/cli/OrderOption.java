package dev.jdkmatrix.cli;

import dev.jdkmatrix.ExitException;
import dev.jdkmatrix.matrix.Duets;
import dev.jdkmatrix.matrix.Matrix;

/** {@code --order} of run and plan: the matrix in the order named, a duet checked as the parser checks the matrix's own {@code order: duet}. */
final class OrderOption {

    private OrderOption() {}

    /** {@code m} in {@code option}'s order (null: as the matrix says); {@code hostCpus} 0 when the engine's count is not known here. */
    static Matrix apply(Matrix m, String option, int hostCpus) {
        if (option == null) return m;
        Matrix.Order order;
        try {
            order = Matrix.Order.parse(option.strip());
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.BAD_INPUT, "--order: " + e.getMessage() + "\n  fix: pass --order blocked, duet, auto, interleaved or sequential");
        }
        Matrix ordered = m.withOrder(order);
        String refusal = order == Matrix.Order.DUET ? Duets.refusal(ordered, hostCpus) : null;
        if (refusal != null) throw new ExitException(ExitException.BAD_INPUT, m.file() + " with --order duet: " + refusal);
        return ordered;
    }
}
